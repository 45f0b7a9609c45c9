import { validate } from "./common"
import {
  createRefundSchemas,
  refundRequestInputSchema,
  refundRequestSchema,
  refundResponseSchema,
} from "./refund"

const envelope = {
  merchant_id: "10001",
  account_id: "10001001",
  encryption_data: "ab".repeat(32),
}
const entry = {
  transaction_id: "T1",
  order_no: "ORD-1",
  currency: "USD",
  amount: "15.00",
}

describe("refund", () => {
  const refundEntry = {
    ...entry,
    refund_amount: "5.00",
    refund_reason: "damaged",
  }

  it("accepts the sample request and response", () => {
    expect(
      refundRequestSchema.parse({ ...envelope, refund_orders: [refundEntry] })
    ).toEqual({ ...envelope, refund_orders: [refundEntry] })
    const response = {
      ...envelope,
      return_status: "1",
      return_message: "OK",
      refund_orders: [
        {
          ...refundEntry,
          refund_message: "0000:Success",
          refund_reference: "RF123",
          refund_reference_id: "T1-01",
          refund_status: "1",
        },
      ],
    }
    expect(refundResponseSchema.parse(response)).toEqual(response)
  })

  it("limits refund_reason to 50 characters, overridably", () => {
    expect(() =>
      validate(refundRequestInputSchema, {
        refund_orders: [{ ...refundEntry, refund_reason: "r".repeat(51) }],
      })
    ).toThrow(
      "invalid refund_orders[0].refund_reason: must be at most 50 characters"
    )
    const { requestInput } = createRefundSchemas({ refund_reason: 80 })
    expect(
      requestInput.safeParse({
        refund_orders: [{ ...refundEntry, refund_reason: "r".repeat(51) }],
      }).success
    ).toBe(true)
  })

  it("requires refund_amount", () => {
    expect(() =>
      validate(refundRequestInputSchema, { refund_orders: [entry] })
    ).toThrow(/refund_orders\[0\]\.refund_amount/)
  })
})
