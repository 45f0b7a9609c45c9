import { startSandbox, type SandboxHandle } from "./sandbox"
import {
  checkoutBody,
  openHostedPage,
  queryEntry,
  returnFields,
  submit,
} from "./__fixtures__/hosted-checkout"
import {
  authorizeBody,
  batchBody,
  expectedResultSignature,
  post,
  startReceiver,
  TEST_ACCOUNT,
  waitFor,
} from "./__fixtures__/test-harness"

const DAY = 24 * 60 * 60 * 1000
let now = new Date("2026-11-02T10:00:00Z")
const sandboxes: SandboxHandle[] = []
let receiver: Awaited<ReturnType<typeof startReceiver>>

async function sandboxWith(days?: number): Promise<SandboxHandle> {
  const sandbox = await startSandbox({
    accounts: [{ ...TEST_ACCOUNT }],
    clock: () => now,
    ...(days === undefined ? {} : { transfer_lifetime_days: days }),
  })
  sandboxes.push(sandbox)
  return sandbox
}
beforeAll(async () => {
  receiver = await startReceiver()
})
afterAll(async () => {
  await Promise.all(sandboxes.map((s) => s.close()))
  await receiver.close()
})
beforeEach(() => {
  now = new Date("2026-11-02T10:00:00Z")
})

/** The PAYMENT notification of the order carrying `resultInfo`, once it has been delivered. */
async function notified(orderNo: unknown, resultInfo: string) {
  const hit = await waitFor(() =>
    receiver.received.find(
      (r) =>
        r.fields.notify_type === "PAYMENT" &&
        r.fields.order_no === orderNo &&
        r.fields.result_info === resultInfo
    )
  )
  return hit.fields
}

/** Opens a bank-transfer checkout and sends the shopper through "I have sent the transfer". */
async function transferSent(sandbox: SandboxHandle, amount = "150.00") {
  const body = checkoutBody(receiver.url, {
    amount,
    payment_method: "BANK_TRANSFER",
  })
  const { inputs, page } = await openHostedPage(sandbox.url, body)
  const sent = await submit(sandbox.url, page, "/transfer")
  return { body, inputs, page, sent, fields: returnFields(sent) }
}

const control = (sandbox: SandboxHandle, path: string, body: unknown = {}) =>
  fetch(`${sandbox.url}/__sandbox${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  })

describe("bank transfer on the hosted page", () => {
  it("shows where to send the money, then ends pending: -1, P0001, 2100, notified", async () => {
    const sandbox = await sandboxWith()
    const { body, inputs, page, sent, fields } = await transferSent(sandbox)
    expect(inputs).toMatchObject({
      payment_method: "BANK_TRANSFER",
      APMType: "BANK_TRANSFER",
    })
    expect(page.text).toContain("<h1>Pay by bank transfer</h1>")
    expect(page.text).toContain("GB00 SBOX 0000 0000 0000 00")
    expect(page.text).toContain("<dd>150.00 EUR</dd>")
    expect(page.text).toContain(`<dd><code>${body.order_no}</code></dd>`)
    expect(page.text).toContain("I have sent the transfer")

    expect(sent.status).toBe(303)
    expect(
      String(sent.headers.get("location")).startsWith(`${receiver.url}/return?`)
    ).toBe(true)
    expect(fields).toMatchObject({
      order_no: body.order_no,
      payment_method: "BANK_TRANSFER",
      order_status: "-1",
      result_info: "P0001:Awaiting the shopper's transfer",
      payment_status: "2100",
      card: "",
    })
    expect(fields.encryption_data).toBe(expectedResultSignature(fields))
    const note = await notified(
      body.order_no,
      "P0001:Awaiting the shopper's transfer"
    )
    expect(note).toMatchObject({
      payment_method: "BANK_TRANSFER",
      order_status: "-1",
      payment_status: "2100",
    })
    expect(await queryEntry(sandbox.url, fields.transaction_id)).toMatchObject({
      payment_method: "BANK_TRANSFER",
      payment_status: "2100",
    })
  })

  it("received: captured on arrival (1, 3000), notified, and refundable as a card payment", async () => {
    const sandbox = await sandboxWith()
    const { body, fields } = await transferSent(sandbox)
    const received = await control(
      sandbox,
      `/transfers/${fields.transaction_id}/receive`
    )
    expect(received.status).toBe(200)
    expect((await received.json()).transaction).toMatchObject({
      state: "captured",
      captured_amount: "150.00",
      order_status: "1",
      payment_status: "3000",
      result_info: "0000:Success",
      payment_method: "BANK_TRANSFER",
    })
    const note = await notified(body.order_no, "0000:Success")
    expect(note).toMatchObject({
      order_status: "1",
      payment_status: "3000",
      payment_method: "BANK_TRANSFER",
    })
    expect(note.encryption_data).toBe(expectedResultSignature(note))
    expect(
      (await queryEntry(sandbox.url, fields.transaction_id)).payment_status
    ).toBe("3000")

    const refund = await post(
      `${sandbox.url}/v1/refund`,
      batchBody("refund_orders", [
        {
          transaction_id: fields.transaction_id,
          currency: "EUR",
          amount: "150.00",
          refund_amount: "50.00",
        },
      ])
    )
    expect(refund.json().refund_orders[0]).toMatchObject({
      refund_status: "1",
      refund_reference_id: `${fields.transaction_id}-01`,
    })
    expect(
      (await queryEntry(sandbox.url, fields.transaction_id)).payment_status
    ).toBe("4100")
    // it arrived once
    const again = await control(
      sandbox,
      `/transfers/${fields.transaction_id}/receive`
    )
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({ source: "transaction_id" })
  })

  it("lapsed by the control surface: 0, E0012, 1100, notified; it can no longer arrive", async () => {
    const sandbox = await sandboxWith()
    const { body, fields } = await transferSent(sandbox)
    const lapsed = await control(
      sandbox,
      `/transfers/${fields.transaction_id}/lapse`
    )
    expect(lapsed.status).toBe(200)
    expect((await lapsed.json()).transaction).toMatchObject({
      state: "failed",
      order_status: "0",
      payment_status: "1100",
      result_info: "E0012:Transfer not received",
    })
    const note = await notified(body.order_no, "E0012:Transfer not received")
    expect(note).toMatchObject({
      order_status: "0",
      payment_status: "1100",
      payment_method: "BANK_TRANSFER",
    })
    expect(
      (await queryEntry(sandbox.url, fields.transaction_id)).payment_status
    ).toBe("1100")
    const late = await control(
      sandbox,
      `/transfers/${fields.transaction_id}/receive`
    )
    expect(late.status).toBe(409)
  })

  it("the control routes refuse what is not an awaited transfer: 409 naming transaction_id, 404 unknown", async () => {
    const sandbox = await sandboxWith()
    const card = await post(`${sandbox.url}/v1/authorise`, authorizeBody())
    const cardId = /<transaction_id>([^<]+)</.exec(card.text)?.[1]
    for (const action of ["receive", "lapse"]) {
      const refused = await control(sandbox, `/transfers/${cardId}/${action}`)
      expect(refused.status).toBe(409)
      expect(await refused.json()).toEqual({
        code: "400",
        source: "transaction_id",
        message: "no bank transfer is awaited for this transaction",
      })
      const unknown = await control(sandbox, `/transfers/SBX-NOPE/${action}`)
      expect(unknown.status).toBe(404)
    }
  })
})

describe("an awaited transfer's lifetime (DECISION: 7 days)", () => {
  it("lapses when next read once 7 days have passed, notified with E0012", async () => {
    const sandbox = await sandboxWith()
    const { body, fields } = await transferSent(sandbox)
    now = new Date(now.getTime() + 7 * DAY - 1000)
    expect(
      (await queryEntry(sandbox.url, fields.transaction_id)).payment_status
    ).toBe("2100")
    now = new Date(now.getTime() + 1000)
    expect(
      (await queryEntry(sandbox.url, fields.transaction_id)).payment_status
    ).toBe("1100")
    const note = await notified(body.order_no, "E0012:Transfer not received")
    expect(note.order_status).toBe("0")
    expect(sandbox.state.findAnywhere(fields.transaction_id)).toMatchObject({
      state: "failed",
      transfer_lapsed_at: new Date("2026-11-09T10:00:00Z"),
    })
  })

  it("ageing moves it: 6 days still awaited (lapses_at shown), 2 more and it has lapsed", async () => {
    const sandbox = await sandboxWith()
    const { fields } = await transferSent(sandbox)
    const six = await control(
      sandbox,
      `/transactions/${fields.transaction_id}/age`,
      { days: 6 }
    )
    expect((await six.json()).transaction).toMatchObject({
      payment_status: "2100",
      lapses_at: "2026-11-03T10:00:00.000Z",
    })
    const eight = await control(
      sandbox,
      `/transactions/${fields.transaction_id}/age`,
      { days: 2 }
    )
    expect((await eight.json()).transaction).toMatchObject({
      state: "failed",
      payment_status: "1100",
      result_info: "E0012:Transfer not received",
    })
  })

  it("the lifetime is an option", async () => {
    const sandbox = await sandboxWith(2)
    const { fields } = await transferSent(sandbox)
    now = new Date(now.getTime() + 2 * DAY)
    const receive = await control(
      sandbox,
      `/transfers/${fields.transaction_id}/receive`
    )
    expect(receive.status).toBe(409)
    expect(
      (await queryEntry(sandbox.url, fields.transaction_id)).payment_status
    ).toBe("1100")
    await expect(sandboxWith(0)).rejects.toThrow(RangeError)
    await expect(sandboxWith(1.5)).rejects.toThrow(RangeError)
  })
})

describe("operations on an awaited transfer", () => {
  it("a capture is refused with E0005: a transfer is captured on arrival", async () => {
    const sandbox = await sandboxWith()
    const { fields } = await transferSent(sandbox)
    const capture = await post(
      `${sandbox.url}/v1/capture`,
      batchBody("capture_orders", [
        {
          transaction_id: fields.transaction_id,
          currency: "EUR",
          amount: "150.00",
        },
      ])
    )
    expect(capture.json().capture_orders[0]).toMatchObject({
      capture_status: "0",
      error_message: `E0005:Cannot capture transaction ${fields.transaction_id}: it is waiting for the shopper's bank transfer`,
    })
  })

  it("a cancel voids it (1100) and the money can no longer arrive", async () => {
    const sandbox = await sandboxWith()
    const { fields } = await transferSent(sandbox)
    const cancel = await post(
      `${sandbox.url}/v1/cancel`,
      batchBody("cancel_orders", [
        {
          transaction_id: fields.transaction_id,
          currency: "EUR",
          amount: "150.00",
        },
      ])
    )
    expect(cancel.json().cancel_orders[0].cancel_status).toBe("1")
    expect(await queryEntry(sandbox.url, fields.transaction_id)).toMatchObject({
      payment_status: "1100",
      payment_method: "BANK_TRANSFER",
    })
    expect(
      (await control(sandbox, `/transfers/${fields.transaction_id}/receive`))
        .status
    ).toBe(409)
  })

  it("the sandbox handle receives and lapses transfers too", async () => {
    const sandbox = await sandboxWith()
    const first = await transferSent(sandbox)
    const second = await transferSent(sandbox)
    expect(sandbox.receiveTransfer(first.fields.transaction_id)).toBe(true)
    expect(sandbox.lapseTransfer(second.fields.transaction_id)).toBe(true)
    expect(sandbox.lapseTransfer(first.fields.transaction_id)).toBe(false)
    expect(
      (await queryEntry(sandbox.url, first.fields.transaction_id))
        .payment_status
    ).toBe("3000")
    expect(
      (await queryEntry(sandbox.url, second.fields.transaction_id))
        .payment_status
    ).toBe("1100")
  })
})
