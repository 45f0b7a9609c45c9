/**
 * Coalesced captures and refunds against the sandbox: what each caller gets
 * back and how many entries each request the sandbox received carried.
 */
import {
  createAcquiringClient,
  createCoalescingClient,
  type AcquiringClient,
} from "../gateway"
import { DEFAULT_SANDBOX_ACCOUNT } from "./accounts"
import { startSandbox, type SandboxHandle } from "./sandbox"
import { nextOrderNo } from "./__fixtures__/test-harness"

let sandbox: SandboxHandle
let client: AcquiringClient

beforeAll(async () => {
  sandbox = await startSandbox({ payout_settle_ms: null })
  client = createAcquiringClient({
    base_url: sandbox.url,
    ...DEFAULT_SANDBOX_ACCOUNT,
    timeout_ms: 5000,
    limits: { capture: 3, refund: 3 },
  })
})
afterAll(() => sandbox.close())

async function authorized(count: number) {
  const results = await Promise.all(
    Array.from({ length: count }, () =>
      client.authorize({
        order_no: nextOrderNo("COALESCE"),
        currency: "USD",
        amount: "20.00",
        first_name: "Ada",
        last_name: "Lovelace",
        shopper_email: "ada@example.com",
        card: "4242424242424242",
        expiration_month: "12",
        expiration_year: "2030",
        security_code: "123",
      })
    )
  )
  return results.map((r) => ({
    transaction_id: String(r.transaction_id),
    amount: "20.00",
    currency: "USD",
  }))
}

function entriesPerRequest(operation: string, listField: string): number[] {
  return sandbox
    .requests({ operation })
    .map((r) => ((r.body as Record<string, unknown[]>)[listField] ?? []).length)
}

describe("coalescing client against the sandbox", () => {
  beforeEach(() => sandbox.reset())

  it("captures 10 concurrent callers in few requests within the limit, each caller its own outcome", async () => {
    const txs = await authorized(10)
    const coalescing = createCoalescingClient(client)
    const outcomes = await Promise.all(txs.map((tx) => coalescing.capture(tx)))
    expect(outcomes.map((o) => o.transaction_id)).toEqual(
      txs.map((tx) => tx.transaction_id)
    )
    expect(outcomes.every((o) => o.ok)).toBe(true)
    const sizes = entriesPerRequest("capture", "capture_orders")
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(10)
    expect(Math.max(...sizes)).toBeLessThanOrEqual(3)
    // a lone first call, then full batches of three: 1 + 3 + 3 + 3
    expect(sizes).toEqual([1, 3, 3, 3])
  })

  it("sends a second capture of one transaction in another request, and the sandbox refuses it there", async () => {
    const [a, b] = await authorized(2)
    const coalescing = createCoalescingClient(client)
    const [lone, first, other, again] = await Promise.all([
      coalescing.capture(b),
      coalescing.capture(a),
      coalescing.capture(b),
      coalescing.capture(a),
    ])
    expect(lone.ok).toBe(true)
    expect(first.ok).toBe(true)
    // b was captured by the lone call already: its own refusal, nobody else's
    expect(other.ok).toBe(false)
    expect(again.ok).toBe(false)
    expect(again.error?.code).not.toBe("")
    // [b], then [a, b], then the second a in a request of its own
    expect(entriesPerRequest("capture", "capture_orders")).toEqual([1, 2, 1])
  })

  it("refunds concurrent callers; an invalid refund fails its caller only", async () => {
    const txs = await authorized(4)
    await client.capture(txs)
    const coalescing = createCoalescingClient(client)
    const outcomes = await Promise.all(
      txs.map((tx, i) =>
        coalescing
          .refund({
            ...tx,
            refund_amount: i === 2 ? "25.00" : "5.00",
            refund_reason: "test",
          })
          .then(
            (o) => (o.ok ? "ok" : `refused ${o.error?.code}`),
            (e: Error) => e.name
          )
      )
    )
    expect(outcomes).toEqual(["ok", "ok", "InvalidInputError", "ok"])
    const sizes = entriesPerRequest("refund", "refund_orders")
    expect(Math.max(...sizes)).toBeLessThanOrEqual(3)
  })
})
