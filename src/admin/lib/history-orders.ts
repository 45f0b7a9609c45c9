/**
 * Which Medusa order each history entry belongs to, for the Payment history
 * page to link it. Medusa knows the order of a payment; entries written
 * before the payment existed (the authorisation, its notifications) carry
 * only the acquirer's order number, which names one attempt of one
 * payment: they take the order of an entry with the same number.
 */
import type { PaymentHistoryEntry } from "./payment-history-text"

export type OrderRef = { id: string; display_id: number | null }

export function entryOrders(
  entries: Pick<PaymentHistoryEntry, "payment_id" | "order_no">[],
  orderOfPayment: ReadonlyMap<string, OrderRef>
): (OrderRef | undefined)[] {
  const byOrderNo = new Map<string, OrderRef>()
  for (const entry of entries) {
    const order = entry.payment_id && orderOfPayment.get(entry.payment_id)
    if (order && entry.order_no) byOrderNo.set(entry.order_no, order)
  }
  return entries.map(
    (entry) =>
      (entry.payment_id && orderOfPayment.get(entry.payment_id)) ||
      (entry.order_no ? byOrderNo.get(entry.order_no) : undefined)
  )
}
