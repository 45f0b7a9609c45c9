import { amountText } from "./amount-text"

describe("an amount as the admin shows it", () => {
  it("keeps the decimal string as sent and adds the currency code", () => {
    expect(amountText("150.00", "usd")).toBe("150.00 USD")
    // digits a float would lose or round
    expect(amountText("12345678901234.105", "KWD")).toBe(
      "12345678901234.105 KWD"
    )
    expect(amountText("0.10", "EUR")).toBe("0.10 EUR")
  })

  it("shows nothing without an amount, the amount alone without a currency", () => {
    expect(amountText(null, "USD")).toBeUndefined()
    expect(amountText("", "USD")).toBeUndefined()
    expect(amountText("10.00", null)).toBe("10.00")
  })
})
