/** A payment link as the admin lists it (never its token). */
import type { PaymentLinkRow } from "../order-payments/payment-link-store"
import { linkVerdict } from "./payment-link-state"

export function paymentLinkView(link: PaymentLinkRow, now = new Date()) {
  return {
    id: link.id,
    order_id: link.order_id,
    payment_collection_id: link.payment_collection_id,
    amount: link.amount,
    currency: link.currency,
    status: linkVerdict(link, now),
    expires_at: new Date(link.expires_at).toISOString(),
    used_at: link.used_at ? new Date(link.used_at).toISOString() : null,
    paid_at: link.paid_at ? new Date(link.paid_at).toISOString() : null,
    created_at: new Date(link.created_at).toISOString(),
    created_by: link.created_by ?? null,
  }
}
