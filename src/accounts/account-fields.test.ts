import { accountFieldOf } from "./account-fields"

describe("an option's path in the account form's words", () => {
  it("names options the account calls otherwise by the account's field", () => {
    expect(accountFieldOf("website")).toBe("website_url")
    expect(accountFieldOf("storefront_cancel_url")).toBe("storefront_url")
    expect(accountFieldOf("limits.per_minute")).toBe(
      "advanced.limits.per_minute"
    )
    expect(accountFieldOf("retention.history_days")).toBe(
      "advanced.retention.history_days"
    )
  })

  it("keeps the options the account names alike", () => {
    expect(accountFieldOf("base_url")).toBe("base_url")
    expect(accountFieldOf("merchant_id")).toBe("merchant_id")
  })
})
