/**
 * The account's availability rules asked again when money is about to be
 * asked for (a card submitted, the hosted page opened): the shopper may
 * have changed an address since the session began, or the merchant the
 * rules. Answered as session creation answers it (400 with the rule); a
 * session already paid, or one without a cart (a payment link's), is
 * answered as it stands.
 */
import type { MedusaResponse } from "@medusajs/framework/http"
import type { SessionData } from "../payment-sessions/session-data"
import { availabilityCartOf } from "../accounts/availability-rules"
import { cartAvailability } from "./availability-check"
import type { LoadedSession } from "../session-access/session-access"

/** False when the rules refuse the cart `data` describes: the 400 is answered. */
export async function availableNow(
  res: MedusaResponse,
  loaded: LoadedSession,
  data: SessionData
): Promise<boolean> {
  if (!data.cart || data.status === "authorized" || data.status === "captured")
    return true
  const verdict = await cartAvailability(
    loaded.core.account.id,
    loaded.session.provider_id,
    availabilityCartOf(data.cart)
  )
  if (verdict.available) return true
  res.status(400).json({
    type: "invalid_data",
    message: verdict.message,
    rule: verdict.rule,
  })
  return false
}
