import { decodeForm, encodeForm } from "../codecs/form"
import { validate } from "./common"
import { notificationSchema } from "./notification"

const fields = {
  merchant_id: "10001",
  account_id: "10001001",
  order_no: "ORD-1",
  amount: "15.00",
  currency: "USD",
  transaction_id: "T1",
  card: "424242***4242",
  order_status: "1",
  result_info: "0000:Success",
  risk_action: "ACCEPT",
  risk_score: "3",
  encryption_data: "ab".repeat(32),
}

describe("notificationSchema", () => {
  it.each(["PAYMENT", "REVIEW", "CAPTURE", "CANCEL", "REFUND"])(
    "accepts notify_type %s from a form body",
    (type) => {
      const body = encodeForm({
        ...fields,
        notify_type: type,
        risk_reasons: [{ name: "a", status: "ACCEPT" }],
      })
      expect(notificationSchema.parse(decodeForm(body))).toEqual({
        ...fields,
        notify_type: type,
        risk_reasons: [{ name: "a", status: "ACCEPT" }],
      })
    }
  )

  it("carries token_id from a form body; empty reads as undefined", () => {
    const read = (token_id: string) =>
      notificationSchema.parse(
        decodeForm(encodeForm({ ...fields, notify_type: "PAYMENT", token_id }))
      ).token_id
    expect(read("TK_a1b2c3")).toBe("TK_a1b2c3")
    expect(read("")).toBeUndefined()
  })

  it("keeps unknown fields such as refund details", () => {
    const parsed = notificationSchema.parse({
      ...fields,
      notify_type: "REFUND",
      refund_reference_id: "T1-01",
      batch_no: "7",
    })
    expect(parsed).toMatchObject({
      refund_reference_id: "T1-01",
      batch_no: "7",
    })
  })

  it("refuses an unknown notify_type, naming the field", () => {
    expect(() =>
      validate(notificationSchema, { ...fields, notify_type: "DISPUTE" })
    ).toThrow(
      "invalid notify_type: must be one of PAYMENT, REVIEW, CAPTURE, CANCEL, REFUND, CHARGEBACK"
    )
    expect(() => validate(notificationSchema, fields)).toThrow(
      /invalid notify_type/
    )
  })
})
