import { parseResponXml } from "../gateway/codecs/xml-result"
import { startSandbox, type SandboxHandle } from "./sandbox"
import {
  authorizeBody,
  batchBody,
  post,
  TEST_ACCOUNT,
  testSign,
} from "./__fixtures__/test-harness"

const DAY = 24 * 60 * 60 * 1000
let now = new Date("2026-11-02T10:00:00Z")
const sandboxes: SandboxHandle[] = []

async function sandboxWith(days?: number): Promise<SandboxHandle> {
  const sandbox = await startSandbox({
    accounts: [{ ...TEST_ACCOUNT }],
    clock: () => now,
    ...(days === undefined ? {} : { authorisation_lifetime_days: days }),
  })
  sandboxes.push(sandbox)
  return sandbox
}
afterAll(() => Promise.all(sandboxes.map((s) => s.close())))
beforeEach(() => {
  now = new Date("2026-11-02T10:00:00Z")
})

async function pay(sandbox: SandboxHandle) {
  const answer = await post(`${sandbox.url}/v1/authorise`, authorizeBody())
  const result = parseResponXml(answer.text)
  return {
    transaction_id: String(result.transaction_id),
    order_no: String(result.order_no),
    currency: String(result.currency),
    amount: String(result.amount),
  }
}

async function paymentStatus(sandbox: SandboxHandle, id: string) {
  const answer = await post(
    `${sandbox.url}/v1/retrievalTrans`,
    {
      merchant_id: "M100",
      account_id: "A200",
      trades: id,
      encryption_data: testSign("M100", "A200"),
    },
    "form"
  )
  return answer.json().orders_list[0]
}

async function capture(sandbox: SandboxHandle, tx: Record<string, string>) {
  const answer = await post(
    `${sandbox.url}/v1/capture`,
    batchBody("capture_orders", [tx])
  )
  return answer.json().capture_orders[0]
}

const age = (sandbox: SandboxHandle, id: string, body: unknown) =>
  fetch(`${sandbox.url}/__sandbox/transactions/${id}/age`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  })

describe("authorisation lifetime (DECISION: 7 days)", () => {
  it("an uncaptured authorisation reads 1100 once 7 days have passed, and a capture is E0005", async () => {
    const sandbox = await sandboxWith()
    const tx = await pay(sandbox)
    now = new Date(now.getTime() + 7 * DAY - 1000)
    expect(
      (await paymentStatus(sandbox, tx.transaction_id)).payment_status
    ).toBe("2000")
    now = new Date(now.getTime() + 1000)
    expect(
      (await paymentStatus(sandbox, tx.transaction_id)).payment_status
    ).toBe("1100")
    const refused = await capture(sandbox, tx)
    expect(refused.capture_status).toBe("0")
    expect(refused.error_message).toBe(
      `E0005:Cannot capture transaction ${tx.transaction_id}: its authorisation lapsed on 2026-11-09 (after 7 days)`
    )
  })

  it("a capture is the first to notice the lapse when nothing read the transaction before", async () => {
    const sandbox = await sandboxWith()
    const tx = await pay(sandbox)
    now = new Date(now.getTime() + 8 * DAY)
    expect((await capture(sandbox, tx)).error_message).toMatch(
      /^E0005:.*lapsed on 2026-11-09/
    )
    expect(sandbox.state.findAnywhere(tx.transaction_id)?.state).toBe("voided")
  })

  it("the lifetime is an option", async () => {
    const sandbox = await sandboxWith(2)
    const tx = await pay(sandbox)
    now = new Date(now.getTime() + 2 * DAY)
    expect((await capture(sandbox, tx)).error_message).toMatch(
      /lapsed on 2026-11-04 \(after 2 days\)$/
    )
    await expect(sandboxWith(0)).rejects.toThrow(RangeError)
    await expect(sandboxWith(1.5)).rejects.toThrow(RangeError)
  })

  it("a captured payment never lapses", async () => {
    const sandbox = await sandboxWith()
    const tx = await pay(sandbox)
    expect((await capture(sandbox, tx)).capture_status).toBe("1")
    now = new Date(now.getTime() + 30 * DAY)
    expect(
      (await paymentStatus(sandbox, tx.transaction_id)).payment_status
    ).toBe("3000")
  })
})

describe("POST /__sandbox/transactions/:transaction_id/age", () => {
  it("moves the authorisation back: 6 days lives on, 8 days has lapsed", async () => {
    const sandbox = await sandboxWith()
    const tx = await pay(sandbox)
    const six = await age(sandbox, tx.transaction_id, { days: 6 })
    expect(six.status).toBe(200)
    const { transaction } = await six.json()
    expect(transaction).toMatchObject({
      payment_status: "2000",
      authorised_at: "2026-10-27T10:00:00.000Z",
      created_at: "2026-10-27T10:00:00.000Z",
      lapses_at: "2026-11-03T10:00:00.000Z",
    })
    // the query's transaction_date moves with it
    expect(
      (await paymentStatus(sandbox, tx.transaction_id)).transaction_date
    ).toBe("20261027100000")
    const more = await (
      await age(sandbox, tx.transaction_id, { days: 2 })
    ).json()
    expect(more.transaction).toMatchObject({
      payment_status: "1100",
      state: "voided",
      lapsed: { at: "2026-11-01T10:00:00.000Z", after_days: 7 },
    })
    expect((await capture(sandbox, tx)).error_message).toMatch(
      /^E0005:.*lapsed on 2026-11-01 \(after 7 days\)$/
    )
  })

  it("refuses a bad number of days naming the field, and an unknown transaction with 404", async () => {
    const sandbox = await sandboxWith()
    const tx = await pay(sandbox)
    for (const body of [
      {},
      { days: 0 },
      { days: -1 },
      { days: 1.5 },
      { days: "3" },
    ]) {
      const answer = await age(sandbox, tx.transaction_id, body)
      expect(answer.status).toBe(400)
      expect(await answer.json()).toMatchObject({ code: "400", source: "days" })
    }
    const unknown = await age(sandbox, "SBX-NOPE", { days: 1 })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ source: "transaction" })
    // nothing moved
    expect(
      (await paymentStatus(sandbox, tx.transaction_id)).transaction_date
    ).toBe("20261102100000")
  })
})
