import { parseDeductionOrderNo } from "./deduction-order-no"

describe("a deduction's order number", () => {
  it.each([
    ["MED1a2b-R1", { first_order_no: "MED1a2b", deduction_number: 1 }],
    ["MED1a2b-R12", { first_order_no: "MED1a2b", deduction_number: 12 }],
    ["A-R2-R3", { first_order_no: "A-R2", deduction_number: 3 }],
  ])("%s names its first payment and deduction", (orderNo, expected) => {
    expect(parseDeductionOrderNo(orderNo)).toEqual(expected)
  })

  it.each(["MED1a2b", "MED-R0", "MED-R01", "-R1", "MED-R", "MED-R12345"])(
    "%s is no deduction's",
    (orderNo) => {
      expect(parseDeductionOrderNo(orderNo)).toBeUndefined()
    }
  )
})
