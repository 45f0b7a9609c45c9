import { declineText, intervalText } from "./subscriptions-api"

describe("intervalText", () => {
  it("says the period as a merchant reads it", () => {
    expect(intervalText({ interval: "month", interval_count: "1" })).toBe(
      "every month"
    )
    expect(intervalText({ interval: "week", interval_count: "2" })).toBe(
      "every 2 weeks"
    )
    expect(intervalText({ interval: null, interval_count: null })).toBe("")
  })
})

describe("declineText", () => {
  it("names the deduction, what happened and the acquirer's code", () => {
    expect(
      declineText({
        deduction_number: 3,
        reason: "card_lapsed",
        code: "E0011:Stored card not found",
      })
    ).toBe("Deduction 3: card lapsed (E0011:Stored card not found)")
    expect(
      declineText({ deduction_number: 1, reason: "declined", code: null })
    ).toBe("Deduction 1: declined")
    expect(declineText(null)).toBe("")
  })
})
