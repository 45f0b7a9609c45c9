import BigNumberJs from "bignumber.js"
import { InvalidInputError } from "../errors"
import {
  assertBreakdownMatches,
  breakdownTotal,
  compareAmounts,
  formatAmount,
  parseAmount,
  roundAmount,
  subtractAmounts,
  sumAmounts,
} from "./amount"

function invalidField(fn: () => unknown): string {
  try {
    fn()
  } catch (err) {
    expect(err).toBeInstanceOf(InvalidInputError)
    return (err as InvalidInputError).field
  }
  throw new Error("expected an InvalidInputError")
}

describe("formatAmount", () => {
  it("writes exactly the currency digits", () => {
    expect(formatAmount("1500", "JPY")).toBe("1500")
    expect(formatAmount("15", "USD")).toBe("15.00")
    expect(formatAmount("15.5", "USD")).toBe("15.50")
    expect(formatAmount("1.25", "KWD")).toBe("1.250")
    expect(formatAmount("0", "CLF")).toBe("0.0000")
  })

  it("accepts bigint, integers and bignumber.js values", () => {
    expect(formatAmount(1500n, "JPY")).toBe("1500")
    expect(formatAmount(15, "USD")).toBe("15.00")
    expect(formatAmount(new BigNumberJs("1.25"), "KWD")).toBe("1.250")
  })

  it("accepts Medusa BigNumber JSON and instances", () => {
    expect(formatAmount({ value: "500", precision: 20 }, "JPY")).toBe("500")
    expect(
      formatAmount({ value: "15.000000000000000000", precision: 20 }, "USD")
    ).toBe("15.00")
    expect(
      formatAmount({ raw: { value: "1.2500000000", precision: 20 } }, "KWD")
    ).toBe("1.250")
    expect(formatAmount({ value: 12.34 }, "USD")).toBe("12.34")
  })

  it("refuses values more precise than the currency instead of rounding", () => {
    expect(invalidField(() => formatAmount("1500.5", "JPY"))).toBe("amount")
    expect(
      invalidField(() => formatAmount("15.001", "USD", "refund_amount"))
    ).toBe("refund_amount")
    expect(invalidField(() => formatAmount("1.2505", "KWD"))).toBe("amount")
  })

  it("refuses non-numbers and exotic notations", () => {
    expect(invalidField(() => formatAmount("1e3", "USD"))).toBe("amount")
    expect(invalidField(() => formatAmount("abc", "USD", "shipping"))).toBe(
      "shipping"
    )
    expect(invalidField(() => formatAmount(Number.NaN, "USD"))).toBe("amount")
    expect(invalidField(() => formatAmount("15.00", "XYZ"))).toBe("currency")
  })
})

describe("roundAmount", () => {
  it("rounds half-up once to the currency digits", () => {
    expect(roundAmount("1500.5", "JPY")).toBe("1501")
    expect(roundAmount("1500.49", "JPY")).toBe("1500")
    expect(roundAmount("15.005", "USD")).toBe("15.01")
    expect(roundAmount("15.0049", "USD")).toBe("15.00")
    expect(roundAmount("1.2345", "KWD")).toBe("1.235")
    // a float would see 1.005 as 1.00499999... and round down
    expect(roundAmount("1.005", "USD")).toBe("1.01")
  })
})

describe("parseAmount", () => {
  it("reads wire amounts with exactly the currency digits", () => {
    expect(parseAmount("1500", "JPY").toFixed()).toBe("1500")
    expect(parseAmount("15.00", "USD").toFixed()).toBe("15")
    expect(parseAmount("1.250", "KWD").toFixed()).toBe("1.25")
    expect(parseAmount("0.00", "USD").toFixed()).toBe("0")
  })

  it.each([
    ["15", "USD"],
    ["15.0", "USD"],
    ["15.000", "USD"],
    ["1500.0", "JPY"],
    ["1.25", "KWD"],
    ["-1.00", "USD"],
    ["01.00", "USD"],
    [" 15.00", "USD"],
    ["15,00", "USD"],
    ["1e3", "JPY"],
  ])("refuses %p in %s naming the field", (text, currency) => {
    expect(
      invalidField(() => parseAmount(text, currency, "refund_amount"))
    ).toBe("refund_amount")
  })
})

describe("sumAmounts and compareAmounts", () => {
  it("adds exactly where floats do not", () => {
    expect(0.1 + 0.2).not.toBe(0.3)
    expect(sumAmounts(["0.10", "0.20"], "USD")).toBe("0.30")
    expect(sumAmounts(["0.1", "0.2", "0.3"], "USD")).toBe("0.60")
    expect(sumAmounts(["0.001", "0.002"], "KWD")).toBe("0.003")
    expect(
      sumAmounts(["1500", "250", { value: "50", precision: 20 }], "JPY")
    ).toBe("1800")
    expect(sumAmounts([], "USD")).toBe("0.00")
  })

  it("sums long amounts beyond double precision", () => {
    expect(sumAmounts(["9007199254740993.01", "0.01"], "USD")).toBe(
      "9007199254740993.02"
    )
  })

  it("compares exactly", () => {
    expect(compareAmounts("0.30", sumAmounts(["0.10", "0.20"], "USD"))).toBe(0)
    expect(compareAmounts("15.00", "15")).toBe(0)
    expect(compareAmounts("1.250", "1.251")).toBe(-1)
    expect(compareAmounts("1501", { value: "1500", precision: 20 })).toBe(1)
  })

  it("subtracts exactly", () => {
    expect(subtractAmounts("0.30", "0.10", "USD")).toBe("0.20")
    expect(subtractAmounts("1.250", "0.125", "KWD")).toBe("1.125")
  })
})

describe("breakdownTotal", () => {
  it("adds item_total, shipping, handling, tax_total, insurance and subtracts the discounts", () => {
    expect(
      breakdownTotal(
        {
          item_total: "10.10",
          shipping: "2.20",
          handling: "0.30",
          tax_total: "1.40",
          insurance: "0.50",
          shipping_discount: "1.00",
          discount: "0.50",
        },
        "USD"
      )
    ).toBe("13.00")
    expect(breakdownTotal({ item_total: "1200", shipping: "300" }, "JPY")).toBe(
      "1500"
    )
    expect(
      breakdownTotal({ item_total: "1.000", tax_total: "0.250" }, "KWD")
    ).toBe("1.250")
  })
})

describe("assertBreakdownMatches", () => {
  it("passes a matching order and one without a breakdown", () => {
    expect(() =>
      assertBreakdownMatches({
        amount: "15.00",
        currency: "USD",
        item_total: "10.10",
        shipping: "4.90",
      })
    ).not.toThrow()
    expect(() =>
      assertBreakdownMatches({ amount: "1500", currency: "JPY" })
    ).not.toThrow()
    expect(() =>
      assertBreakdownMatches({
        amount: "1.250",
        currency: "KWD",
        item_total: "1.500",
        discount: "0.250",
      })
    ).not.toThrow()
  })

  it("refuses a mismatch naming amount", () => {
    try {
      assertBreakdownMatches({
        amount: "15.00",
        currency: "USD",
        item_total: "10.00",
        shipping: "4.00",
      })
      throw new Error("no error")
    } catch (err) {
      expect(err).toBeInstanceOf(InvalidInputError)
      expect((err as InvalidInputError).field).toBe("amount")
      expect((err as InvalidInputError).reason).toContain("14.00")
    }
  })

  it("refuses a breakdown part with the wrong digits naming that part", () => {
    expect(
      invalidField(() =>
        assertBreakdownMatches({
          amount: "15.00",
          currency: "USD",
          shipping: "4.9",
        })
      )
    ).toBe("shipping")
    expect(
      invalidField(() =>
        assertBreakdownMatches({ amount: "15.0", currency: "USD" })
      )
    ).toBe("amount")
  })
})
