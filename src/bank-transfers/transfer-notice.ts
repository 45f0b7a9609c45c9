/** The admin feed's notice of a bank transfer that never arrived. */
export function transferLapsedNotice(input: {
  order: string
  amount: string
  currency: string
}): { title: string; description: string } {
  return {
    title: "Bank transfer not received",
    description: `Order ${input.order}: the bank transfer of ${input.amount} ${input.currency.toUpperCase()} did not arrive in time, so the order was cancelled. Nothing was charged; the customer can order again.`,
  }
}
