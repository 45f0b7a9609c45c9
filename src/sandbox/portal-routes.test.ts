import { parseResponXml } from "../gateway/codecs/xml-result"
import { startSandbox, type SandboxHandle } from "./sandbox"
import {
  authorizeBody,
  expectedResultSignature,
  get,
  post,
  startReceiver,
  TEST_ACCOUNT,
  testSign,
  waitFor,
} from "./__fixtures__/test-harness"

let sandbox: SandboxHandle
let receiver: Awaited<ReturnType<typeof startReceiver>>
beforeAll(async () => {
  sandbox = await startSandbox({
    accounts: [{ ...TEST_ACCOUNT }],
    notifications: { attempts: 3, base_delay_ms: 20 },
  })
  receiver = await startReceiver()
})
afterAll(async () => {
  sandbox.close()
  await receiver.close()
})

/** An authorised 15.00 USD payment notifying the receiver. */
async function authorized(): Promise<string> {
  const result = parseResponXml(
    (
      await post(
        `${sandbox.url}/v1/authorise`,
        authorizeBody({ notify_url: receiver.url })
      )
    ).text
  )
  expect(result.order_status).toBe("1")
  return String(result.transaction_id)
}

const portal = (
  id: string,
  action: string,
  body: Record<string, unknown> = {}
) => post(`${sandbox.url}/__sandbox/portal/transactions/${id}/${action}`, body)

/** The notifications of one type the receiver got for a transaction. */
const received = (id: string, type: string) =>
  receiver.received
    .map((r) => r.fields)
    .filter((f) => f.transaction_id === id && f.notify_type === type)

describe("merchant portal actions", () => {
  it("captures the whole authorised amount and notifies CAPTURE, signed as the direct result", async () => {
    const id = await authorized()
    const answer = await portal(id, "capture")
    expect(answer.status).toBe(200)
    expect(answer.json().transaction).toMatchObject({
      state: "captured",
      captured_amount: "15.00",
      payment_status: "3000",
    })
    const [fields] = await waitFor(() => {
      const list = received(id, "CAPTURE")
      return list.length > 0 && list
    })
    expect(fields).toMatchObject({
      capture_amount: "15.00",
      payment_status: "3000",
      order_status: "1",
      amount: "15.00",
    })
    expect(fields.encryption_data).toBe(expectedResultSignature(fields))
  })

  it("captures a partial amount and then refuses a second capture (E0005, 409)", async () => {
    const id = await authorized()
    expect((await portal(id, "capture", { amount: "6.50" })).status).toBe(200)
    const tx = (await get(`${sandbox.url}/__sandbox/transactions/${id}`)).json()
      .transaction
    expect(tx.captured_amount).toBe("6.50")
    const again = await portal(id, "capture")
    expect(again.status).toBe(409)
    expect(again.json()).toMatchObject({ code: "E0005", source: "portal" })
  })

  it("refunds in parts with the portal reason, found by the refund search, and refuses more than is left", async () => {
    const id = await authorized()
    await portal(id, "capture")
    const first = await portal(id, "refund", { amount: "5.00" })
    expect(first.status).toBe(200)
    expect(first.json()).toMatchObject({
      transaction: { refunded_amount: "5.00", refundable_amount: "10.00" },
      refund: {
        refund_reference_id: `${id}-01`,
        refund_amount: "5.00",
        refund_reason: "portal refund",
      },
    })
    expect((await portal(id, "refund", { amount: "10.00" })).status).toBe(200)
    const over = await portal(id, "refund", { amount: "0.01" })
    expect(over.status).toBe(409)
    expect(over.json().code).toBe("E0006")

    const search = (
      await post(
        `${sandbox.url}/v1/retrievalRefund`,
        {
          merchant_id: TEST_ACCOUNT.merchant_id,
          account_id: TEST_ACCOUNT.account_id,
          refund_references: `${id}-01,${id}-02`,
          encryption_data: testSign(
            TEST_ACCOUNT.merchant_id,
            TEST_ACCOUNT.account_id
          ),
        },
        "form"
      )
    ).json()
    expect(
      search.refund_orders.map((r: Record<string, string>) => [
        r.refund_reference_id,
        r.refund_amount,
        r.refund_reason,
      ])
    ).toEqual([
      [`${id}-01`, "5.00", "portal refund"],
      [`${id}-02`, "10.00", "portal refund"],
    ])
    const notified = await waitFor(() => {
      const list = received(id, "REFUND")
      return list.length === 2 && list
    })
    expect(
      notified.map((f) => [
        f.refund_reference_id,
        f.refund_amount,
        f.payment_status,
      ])
    ).toEqual([
      [`${id}-01`, "5.00", "4100"],
      [`${id}-02`, "10.00", "4000"],
    ])
    for (const fields of notified)
      expect(fields.encryption_data).toBe(expectedResultSignature(fields))
  })

  it("refuses a refund before capture and an amount without the currency's digits", async () => {
    const id = await authorized()
    const early = await portal(id, "refund", { amount: "5.00" })
    expect(early.status).toBe(409)
    expect(early.json().code).toBe("E0005")
    await portal(id, "capture")
    const malformed = await portal(id, "refund", { amount: "5" })
    expect(malformed.status).toBe(400)
    expect(malformed.json().code).toBe("E0002")
  })

  it("voids an authorisation, notifies CANCEL, and refuses to capture it afterwards", async () => {
    const id = await authorized()
    const answer = await portal(id, "void")
    expect(answer.status).toBe(200)
    expect(answer.json().transaction).toMatchObject({
      state: "voided",
      payment_status: "1100",
      order_status: "0",
    })
    const [fields] = await waitFor(() => {
      const list = received(id, "CANCEL")
      return list.length > 0 && list
    })
    expect(fields).toMatchObject({ payment_status: "1100", order_status: "0" })
    expect(fields.encryption_data).toBe(expectedResultSignature(fields))
    const capture = await portal(id, "capture")
    expect(capture.status).toBe(409)
    expect(capture.json().message).toMatch(/^E0005:.*voided/)
    expect((await portal(id, "void")).status).toBe(409)
  })

  it("with notify false records the notification as withheld and sends nothing until delivered by hand", async () => {
    const id = await authorized()
    await portal(id, "capture")
    const answer = await portal(id, "refund", { amount: "4.00", notify: false })
    expect(answer.status).toBe(200)
    const { notification } = answer.json()
    expect(notification).toMatchObject({
      notify_type: "REFUND",
      state: "withheld",
      attempts: [],
    })
    // The capture's notification arrives; the withheld refund's is never sent (the sandbox's own record of it).
    await waitFor(() => received(id, "CAPTURE").length === 1)
    const listed = await fetch(
      `${sandbox.url}/__sandbox/notifications?transaction_id=${id}`
    )
    const records = ((await listed.json()) as { notifications: any[] })
      .notifications
    expect(records.find((n) => n.id === notification.id)).toMatchObject({
      state: "withheld",
      attempts: [],
    })
    expect(received(id, "REFUND")).toEqual([])

    const delivered = await post(
      `${sandbox.url}/__sandbox/notifications/${notification.id}/deliver`,
      {}
    )
    expect(delivered.json().attempt).toMatchObject({ ok: true, status: 200 })
    expect(received(id, "REFUND")).toEqual([
      expect.objectContaining({
        refund_amount: "4.00",
        refund_reference_id: `${id}-01`,
      }),
    ])
  })

  it("answers 404 for an unknown transaction and 400 for a notify that is not a boolean", async () => {
    expect((await portal("T-missing", "void")).status).toBe(404)
    const id = await authorized()
    const answer = await portal(id, "void", { notify: "no" })
    expect(answer.status).toBe(400)
    expect(
      (await get(`${sandbox.url}/__sandbox/transactions/${id}`)).json()
        .transaction.state
    ).toBe("authorised")
  })

  it("leaves no trace in the log of API requests", async () => {
    const id = await authorized()
    await portal(id, "void")
    const logged = sandbox
      .requests()
      .filter((r) => JSON.stringify(r.body).includes(id))
    expect(logged.map((r) => r.operation)).toEqual([])
  })
})
