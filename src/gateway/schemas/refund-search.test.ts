import { validate } from "./common"
import {
  refundSearchRequestInputSchema,
  refundSearchRequestSchema,
  refundSearchResponseSchema,
} from "./refund-search"

describe("refund search", () => {
  it.each(["refund_orders", "refund_references", "merchant_refunds"])(
    "accepts the %s selector",
    (selector) => {
      expect(
        refundSearchRequestInputSchema.parse({ [selector]: "X1,X2" })
      ).toEqual({ [selector]: "X1,X2" })
    }
  )

  it("requires exactly one selector", () => {
    expect(() => validate(refundSearchRequestInputSchema, {})).toThrow(
      "invalid refund_orders: one of refund_orders, refund_references, merchant_refunds is required"
    )
    expect(() =>
      validate(refundSearchRequestInputSchema, {
        refund_orders: "A",
        merchant_refunds: "M",
      })
    ).toThrow(/invalid merchant_refunds: only one of/)
    expect(
      refundSearchRequestSchema.safeParse({ refund_orders: "A" }).success
    ).toBe(false)
  })

  it("accepts the sample response and keeps unknown fields", () => {
    const response = {
      merchant_id: "10001",
      account_id: "10001001",
      encryption_data: "ab".repeat(32),
      return_status: "1",
      return_message: "OK",
      refund_orders: [
        {
          transaction_id: "T1",
          order_no: "A-1",
          currency: "USD",
          amount: "15.00",
          refund_amount: "5.00",
          refund_status: "1",
          payment_status: "4100",
          refund_reference: "RF1",
          refund_reference_id: "T1-01",
          refund_reason: "damaged",
          refund_date: "20261121140526",
          refund_processing_date: "",
          channel: "api",
        },
      ],
    }
    expect(refundSearchResponseSchema.parse(response)).toEqual(response)
  })
})
