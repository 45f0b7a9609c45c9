/**
 * The one conversion of Medusa's amounts (BigNumber instance, raw JSON,
 * number or string) to exact decimal strings: no float ever holds one.
 */
import { MathBN } from "@medusajs/framework/utils"
import type { BigNumberInput } from "@medusajs/framework/types"

type MedusaAmount = BigNumberInput | null | undefined

export function exactAmount(value: BigNumberInput): string {
  // toFixed() with no digits prints every digit the value holds, never an exponent
  return MathBN.convert(value).toFixed()
}

/**
 * A row's amount as Medusa stores it: the raw value when the query selected
 * it (exact to the digit), else the plain one; none at all is 0.
 */
export function exactAmountOf(raw: MedusaAmount, plain?: MedusaAmount): string {
  const value = raw ?? plain
  return value === null || value === undefined ? "0" : exactAmount(value)
}

/** `3` → `3.00` with 2 digits; digits Medusa holds beyond them are kept, never rounded away. */
export function withDigits(amount: string, digits: number): string {
  const value = MathBN.convert(amount)
  return value.toFixed(Math.max(digits, value.decimalPlaces() ?? 0))
}
