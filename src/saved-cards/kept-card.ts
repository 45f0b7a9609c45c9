/**
 * A card the shopper asked to keep becomes a saved card once its payment
 * holds money and the acquirer's answer (the direct result, the 3-D Secure
 * return, a notification or the status query, whichever comes first) named
 * its token. Keeping is idempotent: every path may ask again.
 *
 * It is a step of the flows that apply the acquirer's answers (the card
 * route's result and its lost-answer query, the browser return once its
 * details are in, Medusa's authorize and status calls to the provider, an
 * attempt's preparation, the job's session and payment reconciles), never
 * of saving a state: a refund or a capture that writes the session touches
 * no saved card.
 */
import type { SessionData } from "../payment-sessions/session-data"
import { cardBrand } from "./card-brand"
import { keepCard } from "./saved-card-store"

export async function withKeptCard(data: SessionData): Promise<SessionData> {
  const use = data.saved_card
  const paid = data.status === "authorized" || data.status === "captured"
  if (!use?.keep || use.id || !data.token_id || !paid) return data
  if (!use.merchant_id || !use.account_id || !use.provider_id) return data
  const masked = data.card_masked ?? ""
  const id = await keepCard({
    customer_id: use.customer_id,
    merchant_id: use.merchant_id,
    account_id: use.account_id,
    provider_id: use.provider_id,
    token_id: data.token_id,
    card_masked: masked,
    brand: cardBrand(masked),
  })
  return { ...data, saved_card: { ...use, id } }
}
