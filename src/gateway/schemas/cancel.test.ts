import { InvalidInputError } from "../errors"
import { validate } from "./common"
import { cancelRequestInputSchema, cancelResponseSchema } from "./cancel"

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

describe("cancel", () => {
  it("accepts request and response", () => {
    expect(
      cancelRequestInputSchema.safeParse({ cancel_orders: [entry] }).success
    ).toBe(true)
    expect(
      cancelResponseSchema.parse({
        ...envelope,
        return_status: "1",
        cancel_orders: [
          { ...entry, cancel_status: "0", error_message: "E0005:Captured" },
        ],
      }).cancel_orders[0].cancel_status
    ).toBe("0")
  })

  it("does not take another operation's list", () => {
    expect(() =>
      validate(cancelRequestInputSchema, { capture_orders: [entry] })
    ).toThrow(InvalidInputError)
  })
})
