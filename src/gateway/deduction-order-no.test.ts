import { deductionOrderNo, parseDeductionOrderNo } from "./deduction-order-no"

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

describe("an acquirer that writes deductions otherwise", () => {
  it("reads and writes the order number with its infix", () => {
    expect(parseDeductionOrderNo("MEDabc_S3", "_S")).toEqual({
      first_order_no: "MEDabc",
      deduction_number: 3,
    })
    expect(parseDeductionOrderNo("MEDabc-R3", "_S")).toBeUndefined()
    expect(deductionOrderNo("MEDabc", 3, "_S")).toBe("MEDabc_S3")
    expect(deductionOrderNo("MEDabc", 12)).toBe("MEDabc-R12")
  })

  it("takes no infix that could match anything (a pattern, digits, nothing)", () => {
    for (const infix of ["", ".*", "1", "-R-R-R"])
      expect(parseDeductionOrderNo("MEDabc-R3", infix)).toBeUndefined()
  })
})
