/** What the order widget reads from an order's payment links answer. */
import type { PaymentLinksAnswer } from "../hooks/payment-links/use-payment-links"

/** The decimal string as sent: "0.00" (or "0") owes nothing. */
export function owesSomething(outstanding: { amount: string }): boolean {
  return !/^0(\.0+)?$/.test(outstanding.amount)
}

/** Whether an order has payment links to show: something owed, or links made before. */
export function hasLinksToShow(
  answer: PaymentLinksAnswer | undefined
): boolean {
  return (
    !!answer &&
    (owesSomething(answer.outstanding) || answer.payment_links.length > 0)
  )
}

/** A link not opened yet: a new one ends it, so the widget offers to replace it. */
export function hasUnopenedLink(answer: PaymentLinksAnswer): boolean {
  return answer.payment_links.some((link) => link.status === "open")
}
