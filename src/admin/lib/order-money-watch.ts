/**
 * How the order widget keeps the page true to the money. Medusa's own
 * buttons refresh the order's queries, but some changes happen where the
 * page cannot see them: a capture made by the plugin's subscriber after a
 * fulfilment or shipment, an outcome the acquirer confirms later, a
 * payment link paid by the shopper. While one of those may still come,
 * the widget asks again at a slow interval; when what it reads of the
 * order's money changes, it refreshes Medusa's own order data too.
 */
import type { PaymentLinksAnswer } from "../hooks/payment-links/use-payment-links"
import type { AcquiringPayment } from "./payment-api"
import { owesSomething } from "./payment-link-balance"

/** An outcome the acquirer is confirming: it settles in seconds, or by the reconcile job. */
export const CONFIRMING_REFETCH_MS = 3_000

/** A change that waits on someone else (a fulfilment, a shipment, a shopper paying a link). */
export const AWAITING_REFETCH_MS = 5_000

/** An open chargeback: decided by the card holder's bank, in days or weeks, never from this page. */
export const CHARGEBACK_REFETCH_MS = 30_000

/** How long after a link was opened its shopper may still be paying (the server's guard, OPEN_PAGE_MS). */
export const LINK_BEING_PAID_MS = 15 * 60 * 1000

/**
 * How often the widget asks again for a payment, or false when nothing can
 * change it without this page acting (Medusa's own buttons refresh it, and
 * coming back to the tab does).
 */
export function paymentRefetchInterval(
  payment: AcquiringPayment | undefined
): number | false {
  if (!payment) return false
  if (payment.confirming || payment.void_pending) return CONFIRMING_REFETCH_MS
  if (payment.canceled_at) return false
  if (payment.chargebacks?.some((c) => c.status === "OPEN"))
    return CHARGEBACK_REFETCH_MS
  if (payment.status === "pending" || payment.status === "requires_more")
    return CONFIRMING_REFETCH_MS
  const capturedByTheOrder =
    payment.capture_on === "fulfilment" || payment.capture_on === "shipment"
  if (
    payment.status === "authorized" &&
    capturedByTheOrder &&
    !payment.lapsed_at
  )
    return AWAITING_REFETCH_MS
  return false
}

/**
 * How often the widget asks again for the order's payment links: while the
 * order owes and a link may still be paid (not opened and not expired, or
 * opened within the last 15 minutes).
 */
export function linksRefetchInterval(
  answer: PaymentLinksAnswer | undefined,
  now: Date = new Date()
): number | false {
  if (!answer || !owesSomething(answer.outstanding)) return false
  const payable = answer.payment_links.some((link) =>
    link.status === "open"
      ? new Date(link.expires_at).getTime() > now.getTime()
      : link.status === "used" &&
        link.used_at !== null &&
        now.getTime() - new Date(link.used_at).getTime() < LINK_BEING_PAID_MS
  )
  return payable ? AWAITING_REFETCH_MS : false
}

/** What of a payment moves money or Medusa's view of it: when this changes, the order's data is stale. */
export function paymentMoneyState(payment: AcquiringPayment): string {
  return JSON.stringify([
    payment.status,
    payment.captured_at,
    payment.canceled_at,
    payment.review,
    payment.confirming,
    payment.void_pending,
    payment.refunds.map((r) => `${r.refund_reference_id}:${r.amount}`),
    // a lost chargeback is recorded as a Medusa refund: Medusa's cards change with it
    (payment.chargebacks ?? []).map(
      (c) => `${c.id}:${c.status}:${c.refund_id}`
    ),
  ])
}

/** What the order owes and what became of its links: when this changes, the order's data is stale. */
export function linksMoneyState(answer: PaymentLinksAnswer): string {
  return JSON.stringify([
    answer.outstanding.amount,
    answer.outstanding.currency,
    answer.payment_links.map((link) => `${link.id}:${link.status}`),
  ])
}
