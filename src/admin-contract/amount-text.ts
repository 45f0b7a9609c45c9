/**
 * An amount as the admin pages and the plugin's history show it: exactly as the server sent it
 * (never through a float), written with its currency's ISO 4217 digits and
 * followed by the currency code, `125.00 EUR`, `7.500 KWD`, `1500 JPY`.
 * Digits are added, never rounded away: an amount with more than its
 * currency has is shown as sent. Nothing when there is no amount.
 */
import { formatAmount } from "../gateway/money/amount"

/** The amount with its currency's digits added (`125` EUR → `125.00`), else as given. */
export function withCurrencyDigits(amount: string, currency: string): string {
  try {
    return formatAmount(amount, currency)
  } catch {
    // not a plain decimal, an unknown currency, or more digits than it has
    return amount
  }
}

export function amountText(
  amount: string | null | undefined,
  currency: string | null | undefined
): string | undefined {
  if (amount === null || amount === undefined || amount === "") return undefined
  return currency
    ? `${withCurrencyDigits(amount, currency)} ${currency.toUpperCase()}`
    : amount
}
