/**
 * The words for a capture of a payment Medusa already cancelled because its
 * authorisation lapsed: Medusa's own refusal ("has been canceled") does not
 * say why or what to do. For the capture route's guard
 * (src/capture/capture-guard.ts).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { lapsedMessage } from "../payment-sessions/authorization-lifetime"
import { lapseOfPayment } from "../order-payments/payment-lapse"

/** The refusal's message, or null when the payment is not a lapsed acquiring payment. */
export async function lapsedCaptureMessage(
  container: MedusaContainer,
  paymentId: string
): Promise<string | null> {
  // another provider's payment (404) or one that cannot be read: Medusa decides
  const detail = await lapseOfPayment(container, paymentId).catch(() => null)
  if (!detail?.lapsed_at) return null
  return lapsedMessage(
    new Date(detail.lapsed_at),
    detail.authorisation_lifetime_days
  )
}
