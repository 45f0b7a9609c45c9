import { InvalidInputError } from "../errors"
import { currencyDigits, isKnownCurrency } from "./currency-digits"

describe("currencyDigits", () => {
  it.each([
    ["JPY", 0],
    ["KRW", 0],
    ["VND", 0],
    ["CLP", 0],
    ["ISK", 0],
    ["XOF", 0],
    ["XAF", 0],
    ["XPF", 0],
    ["UGX", 0],
    ["BHD", 3],
    ["IQD", 3],
    ["JOD", 3],
    ["KWD", 3],
    ["LYD", 3],
    ["OMR", 3],
    ["TND", 3],
    ["CLF", 4],
    ["UYW", 4],
    ["USD", 2],
    ["EUR", 2],
    ["GBP", 2],
    ["CNY", 2],
    ["BRL", 2],
    ["INR", 2],
  ])("%s has %i minor digits", (code, digits) => {
    expect(currencyDigits(code)).toBe(digits)
  })

  it("accepts lower-case codes", () => {
    expect(currencyDigits("jpy")).toBe(0)
    expect(currencyDigits("kwd")).toBe(3)
  })

  it("refuses an unknown code naming the field", () => {
    expect(() => currencyDigits("ABC")).toThrow(InvalidInputError)
    try {
      currencyDigits("ABC", "capture_orders[0].currency")
    } catch (err) {
      expect((err as InvalidInputError).field).toBe(
        "capture_orders[0].currency"
      )
      expect((err as InvalidInputError).reason).toContain("ABC")
    }
    expect.assertions(3)
  })

  it("refuses malformed codes and metals", () => {
    expect(() => currencyDigits("US")).toThrow(InvalidInputError)
    expect(() => currencyDigits("USD1")).toThrow(InvalidInputError)
    expect(() => currencyDigits("XAU")).toThrow(InvalidInputError)
    expect(isKnownCurrency("XAU")).toBe(false)
    expect(isKnownCurrency("usd")).toBe(true)
  })
})
