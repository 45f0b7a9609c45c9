import { amountMistake, isOverOwed } from "./charge-amount"

describe("amountMistake", () => {
  it("takes a decimal amount within the currency's digits", () => {
    expect(amountMistake("12.50", 2)).toBeUndefined()
    expect(amountMistake(" 7 ", 0)).toBeUndefined()
  })

  it("names what is wrong", () => {
    expect(amountMistake("12,50", 2)).toBe("Enter an amount such as 12.50")
    expect(amountMistake("12.505", 2)).toBe(
      "This currency allows 2 decimal places"
    )
    expect(amountMistake("1.5", 0)).toBe("This currency has no decimal places")
    expect(amountMistake("0.00", 2)).toBe("Enter more than 0")
  })
})

describe("isOverOwed", () => {
  it("compares exactly, as decimals", () => {
    expect(isOverOwed("0.30", "0.3")).toBe(false)
    expect(isOverOwed("10.01", "10")).toBe(true)
    expect(isOverOwed("5", "0.00")).toBe(true)
    expect(isOverOwed("abc", "0")).toBe(false)
  })
})
