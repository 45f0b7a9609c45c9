import { validate } from "./common"
import {
  cancelSubscriptionRequestInputSchema,
  cancelSubscriptionRequestSchema,
  cancelSubscriptionResponseSchema,
} from "./subscription"

const envelope = {
  merchant_id: "10001",
  account_id: "10001001",
  encryption_data: "ab".repeat(32),
}

describe("cancel subscription", () => {
  it("accepts the request", () => {
    const request = { ...envelope, recurring_id: "R-1", contract_name: "Gold" }
    expect(cancelSubscriptionRequestSchema.parse(request)).toEqual(request)
  })

  it("requires recurring_id and contract_name, naming them", () => {
    expect(() =>
      validate(cancelSubscriptionRequestInputSchema, { contract_name: "Gold" })
    ).toThrow(/invalid recurring_id/)
    expect(() =>
      validate(cancelSubscriptionRequestInputSchema, {
        recurring_id: "R-1",
        contract_name: "",
      })
    ).toThrow("invalid contract_name: is required and must not be empty")
  })

  it("accepts the response and keeps unknown fields", () => {
    const response = {
      ...envelope,
      return_status: "1",
      return_message: "0000:Success",
      recurring_id: "R-1",
      contract_name: "Gold",
      ended_at: "x",
    }
    expect(cancelSubscriptionResponseSchema.parse(response)).toEqual(response)
  })
})
