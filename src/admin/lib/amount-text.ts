/**
 * An amount as the admin pages show it: the decimal string exactly as the
 * server sent it (never through a float) followed by its currency code,
 * `150.00 USD`. Nothing when there is no amount.
 */
export function amountText(
  amount: string | null | undefined,
  currency: string | null | undefined
): string | undefined {
  if (amount === null || amount === undefined || amount === "") return undefined
  return currency ? `${amount} ${currency.toUpperCase()}` : amount
}
