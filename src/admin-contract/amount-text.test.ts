import { amountText } from "./amount-text"

describe("an amount as the admin shows it", () => {
  it("writes the currency's ISO 4217 digits and adds the currency code", () => {
    expect(amountText("150.00", "usd")).toBe("150.00 USD")
    expect(amountText("125", "EUR")).toBe("125.00 EUR")
    expect(amountText("7.5", "eur")).toBe("7.50 EUR")
    expect(amountText("3.1", "KWD")).toBe("3.100 KWD")
    expect(amountText("1500", "JPY")).toBe("1500 JPY")
    expect(amountText("0.10", "EUR")).toBe("0.10 EUR")
  })

  it("never rounds: digits a float would lose stay, more than the currency has are shown as sent", () => {
    expect(amountText("12345678901234.105", "KWD")).toBe(
      "12345678901234.105 KWD"
    )
    expect(amountText("7.505", "EUR")).toBe("7.505 EUR")
    expect(amountText("12", "XYZ")).toBe("12 XYZ")
  })

  it("shows nothing without an amount, the amount alone without a currency", () => {
    expect(amountText(null, "USD")).toBeUndefined()
    expect(amountText("", "USD")).toBeUndefined()
    expect(amountText("10.00", null)).toBe("10.00")
  })
})
