import {
  adminActionSummary,
  adminEntrySummary,
  adminName,
} from "./admin-people"

describe("admins as a payment's history names them", () => {
  it("by name, else by e-mail, else as an admin user", () => {
    expect(
      adminName({ first_name: "Ana", last_name: "Lopez", email: "a@x.test" })
    ).toBe("Ana Lopez")
    expect(adminName({ first_name: " ", email: "ana@shop.test" })).toBe(
      "ana@shop.test"
    )
    expect(adminName({ last_name: "Lopez" })).toBe("Lopez")
    expect(adminName(null)).toBe("An admin user")
  })

  it("says what was asked with the amount in its currency's digits, and the answer in words", () => {
    expect(
      adminActionSummary({
        who: "Ana Lopez",
        operation: "refund",
        amount: "7.5",
        currency: "EUR",
        status: 200,
      })
    ).toBe("Ana Lopez asked to refund 7.50 EUR: accepted")
    expect(
      adminActionSummary({
        who: "ana@shop.test",
        operation: "cancel_subscription",
        amount: null,
        currency: "KWD",
        status: 409,
      })
    ).toBe("ana@shop.test asked to cancel subscription: refused (409)")
  })

  it("reads an entry written before names were kept the same way", () => {
    const old = {
      summary: "Admin user user_01ABC asked to refund 125: answered 200",
      operation: "refund",
      amount: "125",
      currency: "EUR",
      actor: "user_01ABC",
    }
    expect(adminEntrySummary(old, new Map([["user_01ABC", "Ana Lopez"]]))).toBe(
      "Ana Lopez asked to refund 125.00 EUR: accepted"
    )
    // the user is gone
    expect(adminEntrySummary(old, new Map())).toBe(
      "An admin user asked to refund 125.00 EUR: accepted"
    )
    // written now: kept as written
    const now = {
      ...old,
      summary: "Ana Lopez asked to refund 125.00 EUR: accepted",
    }
    expect(adminEntrySummary(now, new Map())).toBe(now.summary)
  })
})
