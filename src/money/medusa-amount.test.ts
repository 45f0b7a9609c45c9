import { BigNumber } from "@medusajs/framework/utils"
import { exactAmount, exactAmountOf, withDigits } from "./medusa-amount"

describe("Medusa amounts as exact decimals", () => {
  it("keeps every digit of a BigNumber, its raw JSON, a string and a number", () => {
    expect(exactAmount(new BigNumber("12345678901234567.891"))).toBe(
      "12345678901234567.891"
    )
    expect(exactAmount({ value: "0.1", precision: 20 })).toBe("0.1")
    expect(exactAmount("1e-7")).toBe("0.0000001")
    expect(exactAmount(10.5)).toBe("10.5")
  })

  it("prefers the raw value a query selected and reads none as 0", () => {
    expect(exactAmountOf({ value: "30.005", precision: 20 }, 30)).toBe("30.005")
    expect(exactAmountOf(undefined, "12.50")).toBe("12.5")
    expect(exactAmountOf(null, null)).toBe("0")
  })

  it("shows at least the currency's digits and never rounds one away", () => {
    expect(withDigits("3", 2)).toBe("3.00")
    expect(withDigits("3.125", 2)).toBe("3.125")
    expect(withDigits("7", 0)).toBe("7")
  })
})
