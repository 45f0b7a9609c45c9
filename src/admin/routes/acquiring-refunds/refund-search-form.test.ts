import { checkValues, parseValues } from "./refund-search-form"

describe("the refund search form", () => {
  it("splits values on commas, spaces and lines", () => {
    expect(parseValues(" #12,13\norder_01ABC  , ")).toEqual([
      "#12",
      "13",
      "order_01ABC",
    ])
  })

  it("takes orders as the admin shows them", () => {
    expect(checkValues("order", ["#12", "13", "order_01ABC"])).toBeUndefined()
    expect(checkValues("order", ["#12", "MED3f2a"])).toBe(
      '"MED3f2a" is not an order number as the admin shows it, e.g. #12'
    )
    expect(checkValues("order", [])).toBe(
      "Enter at least one order number, e.g. #12"
    )
  })

  it("takes the acquirer's ids as the server does", () => {
    expect(checkValues("transaction_id", ["T1-02"])).toBeUndefined()
    expect(checkValues("reference", ["a<b"])).toBe(
      '"a<b": each value is 1 to 50 letters, digits or _ . : -'
    )
    expect(checkValues("transaction_id", [])).toBe(
      "Enter at least one transaction id"
    )
    const many = Array.from({ length: 101 }, (_, i) => `O${i}`)
    expect(checkValues("order_no", many)).toBe(
      "At most 100 values in one search"
    )
    expect(checkValues("order_no", many.slice(0, 100))).toBeUndefined()
  })
})
