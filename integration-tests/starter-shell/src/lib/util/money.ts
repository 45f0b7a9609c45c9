/** An amount as the store API gives it (major units), in the shop's locale. */
export function convertToLocale({
  amount,
  currency_code,
}: {
  amount: number | string | null | undefined
  currency_code: string
}): string {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: currency_code.toUpperCase(),
  }).format(Number(amount ?? 0))
}
