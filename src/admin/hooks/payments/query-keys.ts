/**
 * Under the dashboard's own order detail keys (["orders", "detail", id]):
 * Medusa's capture, refund, fulfilment and cancel mutations invalidate
 * those, so the widget refetches when they finish; and refreshOrder, after
 * a change Medusa did not make from this page, refreshes Medusa's own
 * cards (Payments, Summary, Activity) with the widget.
 */
import type { QueryClient } from "@tanstack/react-query"

export const orderDetailKey = (orderId: string) =>
  ["orders", "detail", orderId] as const

export const paymentKeys = {
  ofOrder: (orderId: string) =>
    [...orderDetailKey(orderId), { acquiring: "payments" }] as const,
  detail: (orderId: string, paymentId: string) =>
    [...orderDetailKey(orderId), { acquiring: paymentId }] as const,
  /** under the payment's key: invalidating the payment invalidates its history */
  history: (orderId: string, paymentId: string) =>
    [...orderDetailKey(orderId), { acquiring: paymentId }, "history"] as const,
}

/**
 * The dashboard's keys (its queryKeysFactory in @medusajs/dashboard 2.21)
 * that hold an order's money: "orders" (lists and the detail the order
 * page reads), the order's preview, changes and line items (keyed
 * [["orders", "detail", id], …]), "payment" and "payment-collection".
 * Active queries refetch; the others are only marked stale.
 */
export function refreshOrder(
  queryClient: QueryClient,
  orderId: string
): Promise<unknown> {
  return Promise.all(
    [
      ["orders"],
      [orderDetailKey(orderId)],
      ["payment"],
      ["payment-collection"],
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey }))
  )
}
