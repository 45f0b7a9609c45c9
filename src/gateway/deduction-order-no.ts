/**
 * A subscription deduction's order number (wire contract DECISION,
 * "Subscription deductions"): the first payment's, then `-R` and the
 * deduction's number.
 */
const DEDUCTION_ORDER_NO = /^(.+)-R([1-9]\d{0,3})$/

export type DeductionOrderNo = {
  first_order_no: string
  deduction_number: number
}

/** The first payment and deduction a deduction's order number names; undefined for any other. */
export function parseDeductionOrderNo(
  orderNo: string
): DeductionOrderNo | undefined {
  const match = DEDUCTION_ORDER_NO.exec(orderNo)
  if (!match) return undefined
  return { first_order_no: match[1], deduction_number: Number(match[2]) }
}
