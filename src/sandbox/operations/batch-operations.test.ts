import { parseResponXml } from "../../gateway/codecs/xml-result"
import { startSandbox, type SandboxHandle } from "../sandbox"
import {
  authorizeBody,
  batchBody,
  expectedResultSignature,
  post,
  startReceiver,
  TEST_ACCOUNT,
  testSign,
  waitFor,
} from "../__fixtures__/test-harness"

let sandbox: SandboxHandle

beforeAll(async () => {
  sandbox = await startSandbox({ accounts: [{ ...TEST_ACCOUNT }] })
})
afterAll(() => sandbox.close())

async function pay(overrides: Record<string, unknown> = {}) {
  const answer = await post(
    `${sandbox.url}/v1/authorise`,
    authorizeBody(overrides)
  )
  const result = parseResponXml(answer.text)
  return {
    transaction_id: String(result.transaction_id),
    order_no: String(result.order_no),
    currency: String(result.currency),
    amount: String(result.amount),
  }
}

async function batch(
  path: string,
  listField: string,
  entries: Record<string, unknown>[],
  encoding: "json" | "form" = "json"
) {
  const body = batchBody(listField, entries)
  const answer = await post(`${sandbox.url}${path}`, body, encoding)
  expect(answer.status).toBe(200)
  const json = answer.json()
  // batch responses echo the request's signature
  expect(json.encryption_data).toBe(body.encryption_data)
  return json
}

const capture = (entries: Record<string, unknown>[]) =>
  batch("/v1/capture", "capture_orders", entries)
const cancel = (entries: Record<string, unknown>[]) =>
  batch("/v1/cancel", "cancel_orders", entries)
const review = (entries: Record<string, unknown>[]) =>
  batch("/v1/review", "review_orders", entries)
const refund = (entries: Record<string, unknown>[]) =>
  batch("/v1/refund", "refund_orders", entries)

async function paymentStatus(transactionId: string): Promise<string> {
  const answer = await post(
    `${sandbox.url}/v1/retrievalTrans`,
    {
      merchant_id: "M100",
      account_id: "A200",
      trades: transactionId,
      encryption_data: testSign("M100", "A200"),
    },
    "form"
  )
  return answer.json().orders_list[0].payment_status
}

describe("capture", () => {
  it("captures an authorised payment once; a second capture is E0005", async () => {
    const tx = await pay()
    const first = await capture([tx])
    expect(first).toMatchObject({
      return_status: "1",
      return_message: "OK",
      merchant_id: "M100",
      account_id: "A200",
    })
    expect(first.capture_orders).toEqual([
      { ...tx, capture_status: "1", error_message: "" },
    ])
    expect(await paymentStatus(tx.transaction_id)).toBe("3000")
    const second = await capture([tx])
    expect(second.capture_orders[0]).toMatchObject({ capture_status: "0" })
    expect(second.capture_orders[0].error_message).toMatch(
      /^E0005:.*already captured/
    )
  })

  it("captures part of the authorisation (DECISION) and refuses more than authorised with E0002", async () => {
    const tx = await pay({ amount: "20.00" })
    const over = await capture([{ ...tx, amount: "20.01" }])
    expect(over.capture_orders[0].error_message).toMatch(
      /^E0002:amount 20.01 is more than the authorised 20.00/
    )
    const part = await capture([{ ...tx, amount: "12.50" }])
    expect(part.capture_orders[0].capture_status).toBe("1")
    // only the captured part is refundable
    const tooMuch = await refund([
      { ...tx, refund_amount: "12.51", refund_reason: "x" },
    ])
    expect(tooMuch.refund_orders[0].refund_message).toMatch(/^E0006:/)
  })

  it("refuses a voided payment, an unknown id, a foreign order_no and a wrong currency", async () => {
    const tx = await pay()
    await cancel([tx])
    const result = await capture([
      tx,
      { ...tx, transaction_id: "NOPE" },
      { ...tx, order_no: "someone-else" },
      { ...tx, currency: "EUR" },
      { ...tx, transaction_id: "" },
    ])
    expect(result.return_status).toBe("1")
    const messages = result.capture_orders.map(
      (e: Record<string, string>) => e.error_message.split(":")[0]
    )
    expect(messages).toEqual(["E0005", "E0004", "E0004", "E0002", "E0001"])
    expect(
      result.capture_orders.every(
        (e: Record<string, string>) => e.capture_status === "0"
      )
    ).toBe(true)
  })

  it("refuses a payment held for review, failed or still pending 3-D Secure", async () => {
    const held = await pay({ card: "4000000000000259" })
    const declined = await pay({ card: "4000000000009995" })
    const pending = await pay({ card: "4000002500003155", open3d: "do3DS" })
    const result = await capture([held, declined, pending])
    expect(
      result.capture_orders.map(
        (e: Record<string, string>) => e.error_message.split(":")[0]
      )
    ).toEqual(["E0005", "E0005", "E0005"])
  })

  it("accepts a form body with the list as JSON text", async () => {
    const tx = await pay()
    const result = await batch("/v1/capture", "capture_orders", [tx], "form")
    expect(result.capture_orders[0].capture_status).toBe("1")
  })

  it("refuses a wrong signature with I0013 for the whole message", async () => {
    const tx = await pay()
    const body = {
      ...batchBody("capture_orders", [tx]),
      encryption_data: testSign("M100", "A200", "other"),
    }
    const json = (await post(`${sandbox.url}/v1/capture`, body)).json()
    expect(json).toMatchObject({
      return_status: "0",
      return_message: "I0013:Signature error",
    })
    expect(json.capture_orders[0]).toMatchObject({
      capture_status: "0",
      error_message: "I0013:Signature error",
    })
    expect(await paymentStatus(tx.transaction_id)).toBe("2000")
  })

  it("refuses a message without the list (E0001)", async () => {
    const body = {
      merchant_id: "M100",
      account_id: "A200",
      encryption_data: testSign("M100", "A200"),
    }
    const json = (await post(`${sandbox.url}/v1/capture`, body)).json()
    expect(json).toMatchObject({
      return_status: "0",
      return_message: "E0001:capture_orders is required",
    })
  })
})

describe("limits per request", () => {
  it.each([
    ["/v1/capture", "capture_orders", 50],
    ["/v1/cancel", "cancel_orders", 50],
    ["/v1/refund", "refund_orders", 50],
    ["/v1/review", "review_orders", 100],
  ])(
    "%s takes %s up to %i entries and refuses one more with E0003",
    async (path, listField, limit) => {
      const entry = (i: number) => ({
        transaction_id: `T${i}`,
        order_no: "",
        currency: "USD",
        amount: "1.00",
        refund_amount: "1.00",
        review_flag: "1",
      })
      const atLimit = await batch(
        path,
        listField,
        Array.from({ length: limit }, (_, i) => entry(i))
      )
      expect(atLimit.return_status).toBe("1")
      expect(atLimit[listField]).toHaveLength(limit)
      const over = await batch(
        path,
        listField,
        Array.from({ length: limit + 1 }, (_, i) => entry(i))
      )
      expect(over.return_status).toBe("0")
      expect(over.return_message).toBe(
        `E0003:Too many entries in one request: ${limit + 1}, the limit is ${limit}`
      )
    }
  )
})

describe("cancel", () => {
  it("voids authorised and held payments; a captured one is E0005", async () => {
    const authorized = await pay()
    const held = await pay({ card: "4000000000000259" })
    const captured = await pay()
    await capture([captured])
    const result = await cancel([authorized, held, captured])
    expect(
      result.cancel_orders.map((e: Record<string, string>) => e.cancel_status)
    ).toEqual(["1", "1", "0"])
    expect(result.cancel_orders[2].error_message).toMatch(/^E0005:/)
    expect(await paymentStatus(authorized.transaction_id)).toBe("1100")
    const again = await cancel([authorized])
    expect(again.cancel_orders[0].error_message).toMatch(/^E0005:.*voided/)
  })
})

describe("review", () => {
  it("releases (1) or rejects (0) a held payment; a payment not held is E0005", async () => {
    const a = await pay({ card: "4000000000000259" })
    const b = await pay({ card: "4000000000000259" })
    const notHeld = await pay()
    const result = await review([
      { ...a, review_flag: "1" },
      { ...b, review_flag: "0" },
      { ...notHeld, review_flag: "1" },
      { ...a, review_flag: "2" },
    ])
    expect(
      result.review_orders.map((e: Record<string, string>) => e.review_status)
    ).toEqual(["1", "1", "0", "0"])
    expect(result.review_orders[2].error_message).toMatch(
      /^E0005:.*not held for review/
    )
    expect(result.review_orders[3].error_message).toMatch(/^E0001:review_flag/)
    expect(await paymentStatus(a.transaction_id)).toBe("2000")
    expect(await paymentStatus(b.transaction_id)).toBe("1100")
    expect((await capture([a])).capture_orders[0].capture_status).toBe("1")
  })
})

describe("refund", () => {
  it("refunds in parts with -01, -02 references, then refuses above the refundable amount", async () => {
    const tx = await pay({ amount: "30.00" })
    const early = await refund([
      { ...tx, refund_amount: "1.00", refund_reason: "early" },
    ])
    expect(early.refund_orders[0]).toMatchObject({
      refund_status: "0",
      refund_reference_id: "",
    })
    expect(early.refund_orders[0].refund_message).toMatch(
      /^E0005:.*not captured/
    )
    await capture([tx])
    const first = await refund([
      { ...tx, refund_amount: "10.00", refund_reason: "damaged" },
    ])
    expect(first.refund_orders[0]).toMatchObject({
      ...tx,
      refund_amount: "10.00",
      refund_reason: "damaged",
      refund_status: "1",
      refund_message: "0000:Success",
      refund_reference_id: `${tx.transaction_id}-01`,
    })
    expect(first.refund_orders[0].refund_reference).toMatch(/^RF[0-9A-F]{12}$/)
    expect(await paymentStatus(tx.transaction_id)).toBe("4100")
    const second = await refund([
      { ...tx, refund_amount: "15.00", refund_reason: "" },
      { ...tx, refund_amount: "5.01", refund_reason: "" },
    ])
    expect(second.refund_orders[0].refund_reference_id).toBe(
      `${tx.transaction_id}-02`
    )
    expect(second.refund_orders[1].refund_status).toBe("0")
    expect(second.refund_orders[1].refund_message).toBe(
      "E0006:Refund exceeds the refundable amount: 5.01 asked, 5.00 refundable"
    )
    const last = await refund([
      { ...tx, refund_amount: "5.00", refund_reason: "" },
    ])
    expect(last.refund_orders[0].refund_reference_id).toBe(
      `${tx.transaction_id}-03`
    )
    expect(await paymentStatus(tx.transaction_id)).toBe("4000")
  })

  it("refuses a wrong original amount, a malformed refund amount and a long reason", async () => {
    const tx = await pay()
    await capture([tx])
    const result = await refund([
      { ...tx, amount: "14.00", refund_amount: "1.00" },
      { ...tx, refund_amount: "1.0" },
      { ...tx, refund_amount: "0.00" },
      { ...tx, refund_amount: "1.00", refund_reason: "r".repeat(51) },
      { ...tx, refund_amount: "1.00", refund_reason: "r".repeat(50) },
    ])
    expect(
      result.refund_orders.map(
        (e: Record<string, string>) => e.refund_message.split(":")[0]
      )
    ).toEqual(["E0002", "E0002", "E0002", "E0001", "0000"])
  })
})

describe("notifications of batch outcomes", () => {
  it("sends CAPTURE, REFUND, CANCEL and REVIEW notifications, each signed", async () => {
    const receiver = await startReceiver()
    try {
      const a = await pay({ notify_url: receiver.url })
      await capture([a])
      await refund([{ ...a, refund_amount: "2.00", refund_reason: "" }])
      const b = await pay({ notify_url: receiver.url })
      await cancel([b])
      const c = await pay({
        notify_url: receiver.url,
        card: "4000000000000259",
      })
      await review([{ ...c, review_flag: "1" }])
      const notes = await waitFor(
        () => receiver.received.length >= 7 && receiver.received
      )
      const kinds = notes.map(
        (n) => `${n.fields.notify_type}:${n.fields.transaction_id}`
      )
      expect(kinds.sort()).toEqual(
        [
          `PAYMENT:${a.transaction_id}`,
          `CAPTURE:${a.transaction_id}`,
          `REFUND:${a.transaction_id}`,
          `PAYMENT:${b.transaction_id}`,
          `CANCEL:${b.transaction_id}`,
          `PAYMENT:${c.transaction_id}`,
          `REVIEW:${c.transaction_id}`,
        ].sort()
      )
      for (const note of notes)
        expect(note.fields.encryption_data).toBe(
          expectedResultSignature(note.fields)
        )
      const refundNote = notes.find((n) => n.fields.notify_type === "REFUND")!
      expect(refundNote.fields).toMatchObject({
        refund_amount: "2.00",
        refund_reference_id: `${a.transaction_id}-01`,
        payment_status: "4100",
      })
    } finally {
      await receiver.close()
    }
  })
})
