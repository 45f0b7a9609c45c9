/**
 * An order was placed: the approved attempts of its acquiring payments'
 * sessions keep the moment Medusa recorded the payment, so the overview
 * can tell the time from a payment's approval to its order (the storefront
 * completing the cart, a notification or the reconcile job doing it).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { acquiringPaymentsOfOrders } from "../order-payments/acquiring-payments-of-order"
import { acquiringModule } from "../modules/acquiring/module-access"

type PlacedPayment = {
  payment_session_id: string | null
  created_at: Date | string
}

export async function recordOrderPlaced(
  container: MedusaContainer,
  orderId: string
): Promise<void> {
  const [order] = await acquiringPaymentsOfOrders<PlacedPayment>(
    container,
    { id: orderId },
    ["payment_session_id", "created_at"]
  )
  // one order's payments are recorded together when its cart completes
  const byTime = new Map<number, string[]>()
  for (const payment of order?.payments ?? []) {
    if (!payment.payment_session_id) continue
    const at = new Date(payment.created_at).getTime()
    byTime.set(at, [...(byTime.get(at) ?? []), payment.payment_session_id])
  }
  for (const [at, sessions] of byTime)
    await acquiringModule().markAttemptsOrdered(sessions, new Date(at))
}
