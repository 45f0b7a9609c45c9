import { validate } from "./common"
import { reviewRequestInputSchema, reviewResponseSchema } from "./review"

const entry = {
  transaction_id: "T1",
  order_no: "ORD-1",
  currency: "USD",
  amount: "15.00",
}

describe("review", () => {
  it("requires review_flag in each entry", () => {
    expect(
      reviewRequestInputSchema.safeParse({
        review_orders: [{ ...entry, review_flag: "1" }],
      }).success
    ).toBe(true)
    expect(() =>
      validate(reviewRequestInputSchema, { review_orders: [entry] })
    ).toThrow(/review_orders\[0\]\.review_flag/)
  })

  it("reads review_status", () => {
    const parsed = reviewResponseSchema.parse({
      return_status: "1",
      review_orders: [
        { ...entry, review_flag: "1", review_status: "1", error_message: "" },
      ],
    })
    expect(parsed.review_orders[0]).toMatchObject({
      review_flag: "1",
      review_status: "1",
    })
  })
})
