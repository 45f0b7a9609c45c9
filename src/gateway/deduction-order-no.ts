/**
 * A subscription deduction's order number (wire contract DECISION,
 * "Subscription deductions"): the first payment's, then an infix (`-R`
 * unless the acquirer writes it otherwise) and the deduction's number.
 */

/** The contract's infix between the first payment's order number and the deduction's number. */
export const DEDUCTION_INFIX = "-R"

/** What an infix may hold: it is matched literally inside order numbers. */
export const DEDUCTION_INFIX_PATTERN = /^[A-Za-z_-]{1,5}$/

export type DeductionOrderNo = {
  first_order_no: string
  deduction_number: number
}

function escaped(infix: string): string {
  return infix.replace(/[-]/g, "\\-")
}

/** The first payment and deduction a deduction's order number names; undefined for any other. */
export function parseDeductionOrderNo(
  orderNo: string,
  infix: string = DEDUCTION_INFIX
): DeductionOrderNo | undefined {
  if (!DEDUCTION_INFIX_PATTERN.test(infix)) return undefined
  const match = new RegExp(`^(.+)${escaped(infix)}([1-9]\\d{0,3})$`).exec(
    orderNo
  )
  if (!match) return undefined
  return { first_order_no: match[1], deduction_number: Number(match[2]) }
}

/** The order number of a subscription's deduction `n`. */
export function deductionOrderNo(
  firstOrderNo: string,
  deductionNumber: number,
  infix: string = DEDUCTION_INFIX
): string {
  return `${firstOrderNo}${infix}${deductionNumber}`
}
