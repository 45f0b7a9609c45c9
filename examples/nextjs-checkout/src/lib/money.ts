/** An amount as Medusa's store API gives it (major units), in the shop's locale. */
export function formatAmount(
  amount: number | string | null | undefined,
  currency: string
): string {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: currency.toUpperCase(),
  }).format(Number(amount ?? 0))
}
