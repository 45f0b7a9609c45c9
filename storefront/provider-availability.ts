/**
 * Which acquiring providers may serve a cart now: the merchant's
 * availability rules (order amount per currency, billing and shipping
 * countries) and configuration faults, as the backend will judge them when
 * the payment session is created. A checkout hides or disables what is not
 * available and may show the reason's message, which is written for the
 * shopper.
 */
import { errorFromAnswer } from "./request-error.js"
import type { StoreTransport } from "./transport.js"

/** Why a provider cannot serve the cart. */
export type UnavailableReason = {
  /** "min_amount" | "max_amount" | "billing_country" | "shipping_country" | "payment_unavailable" */
  rule: string
  /** For the shopper, e.g. "Card payments are available for orders up to 5,000.00 USD." */
  message: string
}

export type ProviderAvailability = {
  /** Full provider id, e.g. "pp_acquiring-card_acquiring". */
  id: string
  available: boolean
  /** Present when `available` is false. */
  reason?: UnavailableReason
}

/** Copies the known keys only, so nothing else the answer carries is kept. */
function toAvailability(raw: any): ProviderAvailability {
  const available = raw?.available === true
  const reason = raw?.reason
  return {
    id: String(raw?.id ?? ""),
    available,
    ...(!available && reason && typeof reason === "object"
      ? {
          reason: {
            rule: String(reason.rule ?? ""),
            message: String(reason.message ?? ""),
          },
        }
      : {}),
  }
}

/**
 * GET /store/acquiring/carts/:id/payment-providers: the acquiring providers
 * of the cart's region, each with whether it may serve the cart. Ask again
 * when the cart's total or addresses change. A refusal (a cart that is not
 * the caller's answers 404) throws `AcquiringRequestError`.
 */
export async function availableAcquiringProviders(
  store: StoreTransport,
  cartId: string
): Promise<ProviderAvailability[]> {
  const answer = await store(
    "GET",
    `/store/acquiring/carts/${encodeURIComponent(cartId)}/payment-providers`
  )
  if (answer.status !== 200 || !Array.isArray(answer.body?.payment_providers))
    throw errorFromAnswer(answer)
  return answer.body.payment_providers.map(toAvailability)
}
