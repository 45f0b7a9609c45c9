/** What the charge form checks as staff type: the amount's shape and whether it is more than the order owes. */
import { toDecimal } from "../../gateway/money/amount"

const DECIMAL = /^\d{1,12}(\.\d{1,3})?$/

/** Why the typed amount cannot be charged, or nothing. */
export function amountMistake(
  text: string,
  digits: number
): string | undefined {
  const amount = text.trim()
  if (!DECIMAL.test(amount)) return "Enter an amount such as 12.50"
  const decimals = amount.split(".")[1]?.length ?? 0
  if (decimals > digits)
    return digits === 0
      ? "This currency has no decimal places"
      : `This currency allows ${digits} decimal places`
  if (!toDecimal(amount).isGreaterThan(0)) return "Enter more than 0"
  return undefined
}

/** True when the typed amount is more than the order owes: staff must confirm it. */
export function isOverOwed(text: string, owed: string): boolean {
  if (!DECIMAL.test(text.trim())) return false
  return toDecimal(text.trim()).isGreaterThan(toDecimal(owed))
}
