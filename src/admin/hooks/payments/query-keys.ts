/**
 * Under the dashboard's own order detail keys (["orders", "detail", id]):
 * Medusa's capture, refund and cancel mutations invalidate those, so the
 * widget refetches when they finish; and invalidating them after a review
 * or sync refreshes Medusa's own payment section.
 */
export const orderDetailKey = (orderId: string) =>
  ["orders", "detail", orderId] as const

export const paymentKeys = {
  ofOrder: (orderId: string) =>
    [...orderDetailKey(orderId), { acquiring: "payments" }] as const,
  detail: (orderId: string, paymentId: string) =>
    [...orderDetailKey(orderId), { acquiring: paymentId }] as const,
}
