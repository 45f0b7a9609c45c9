/** The bench of the sandbox's chargeback tests: a sandbox on a settable clock, the real gateway client, a notification receiver, and the steps they share. */
import type { AcquiringClient } from "../../gateway"
import { startSandbox, type SandboxHandle } from "../sandbox"
import {
  expectedResultSignature,
  type HttpAnswer,
  nextOrderNo,
  post,
  startReceiver,
  TEST_ACCOUNT,
} from "./test-harness"
import { createAcquiringClient } from "../../gateway"

let now = new Date("2026-11-20T09:30:00Z")
/** The sandbox, client and notification receiver the chargeback tests share (set by the hooks below). */
export const bench = {
  sandbox: undefined as unknown as SandboxHandle,
  client: undefined as unknown as AcquiringClient,
  receiver: undefined as unknown as Awaited<ReturnType<typeof startReceiver>>,
  setNow(date: Date) {
    now = date
  },
}

export const clientOf = (of: SandboxHandle, options: object = {}) =>
  createAcquiringClient({
    base_url: of.url,
    ...TEST_ACCOUNT,
    timeout_ms: 30_000,
    lookup_retries: 0,
    ...options,
  })

/** Registers the hooks that start and stop the bench around a test file. */
export function useChargebackBench(): typeof bench {
  beforeAll(async () => {
    bench.sandbox = await startSandbox({
      accounts: [{ ...TEST_ACCOUNT }],
      clock: () => now,
    })
    bench.receiver = await startReceiver()
    bench.client = clientOf(bench.sandbox)
  })
  afterAll(async () => {
    await bench.sandbox.close()
    await bench.receiver.close()
  })
  beforeEach(() => {
    now = new Date("2026-11-20T09:30:00Z")
  })
  return bench
}

export interface Paid {
  transaction_id: string
  order_no: string
  currency: string
  amount: string
}

/** A EUR card order of the bench's shopper, notified to the bench's receiver. */
export function cardOrder(orderPrefix: string, amount: string) {
  return {
    order_no: nextOrderNo(orderPrefix),
    currency: "EUR",
    amount,
    first_name: "Ada",
    last_name: "Lovelace",
    shopper_email: "ada@example.com",
    notify_url: bench.receiver.url,
    card: "4242424242424242",
    expiration_month: "12",
    expiration_year: "2030",
    security_code: "123",
  }
}

/** A card payment through the client, captured unless told otherwise. */
export async function paid(
  amount = "40.00",
  captured = true,
  on: { client: AcquiringClient } = bench
): Promise<Paid> {
  const result = await on.client.authorize(cardOrder("CB", amount))
  const tx = {
    transaction_id: String(result.transaction_id),
    order_no: String(result.order_no),
    currency: "EUR",
    amount,
  }
  if (captured) expect((await on.client.capture([tx])).ok).toBe(true)
  return tx
}

export const control = (path: string, body: Record<string, unknown> = {}) =>
  post(`${bench.sandbox.url}/__sandbox${path}`, body)

export async function opened(tx: Paid, body: Record<string, unknown> = {}) {
  const answer = await control(
    `/transactions/${tx.transaction_id}/chargebacks`,
    body
  )
  expect(answer.status).toBe(201)
  return answer.json().chargeback as Record<string, string>
}

/** The CHARGEBACK notification of that chargeback in that status, once delivered. */
export async function notified(reference: string, status: string) {
  const post = await bench.receiver.arrival(
    (p) =>
      p.fields.notify_type === "CHARGEBACK" &&
      p.fields.chargeback_reference === reference &&
      p.fields.chargeback_status === status
  )
  return post.fields
}

/** The chargeback recipe of the wire contract: the result's values, then the chargeback's. */
export const chargebackSignature = (fields: Record<string, string>) =>
  expectedResultSignature(fields, [
    "chargeback_reference",
    "chargeback_amount",
    "chargeback_status",
  ])

/** A control-surface refusal: `{code: "400", source, message}` with that HTTP status. */
export function expectRefusal(
  answer: HttpAnswer,
  status: number,
  source: string,
  message: unknown = expect.any(String)
): void {
  expect(answer.status).toBe(status)
  expect(answer.json()).toEqual({ code: "400", source, message })
}

export async function entryOf(tx: Paid) {
  const [entry] = await bench.client.retrieveTransactions({
    transaction_ids: [tx.transaction_id],
  })
  return entry
}

export const refundOf = async (tx: Paid, refund_amount: string) =>
  (await bench.client.refund([{ ...tx, refund_amount, refund_reason: "test" }]))
    .entries[0]
