/**
 * What pays for a card submission: the typed card (kept for the signed-in
 * customer when asked) or one of that customer's saved cards. A saved card
 * is found only for its owner: anyone else, a guest included, gets the 404
 * of a card that does not exist.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { ProviderCore } from "../accounts/core"
import type { CardPayment } from "./authorize-card"
import { customerCard } from "../saved-cards/saved-card-store"
import type { CardEntry } from "./card-entry"
import type { SessionOwner } from "../payment-sessions/ownership"
import { RefusedFieldError } from "../session-access/store-answers"

export async function cardPaymentOf(
  entry: CardEntry,
  owner: SessionOwner,
  core: ProviderCore
): Promise<CardPayment> {
  const savedCards = core.options.saved_cards
  if (entry.card) {
    if (entry.save_card && !owner.signed_in)
      throw new RefusedFieldError({
        field: "save_card",
        reason: "only a signed-in customer can keep a card",
      })
    if (entry.save_card && !savedCards.enabled)
      throw new RefusedFieldError({
        field: "save_card",
        reason: "this store does not keep cards",
      })
    return {
      kind: "typed",
      card: entry.card,
      holder: entry.holder,
      keep_for:
        entry.save_card && owner.customer_id ? owner.customer_id : undefined,
    }
  }
  const choice = entry.saved_card
  const card =
    choice && owner.signed_in && owner.customer_id && savedCards.enabled
      ? await customerCard(owner.customer_id, choice.id)
      : undefined
  if (!choice || !card)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Saved card ${choice?.id ?? ""} was not found`
    )
  if (
    card.merchant_id !== core.options.merchant_id ||
    card.account_id !== core.options.account_id
  )
    throw new RefusedFieldError({
      field: "saved_card.id",
      reason:
        "was saved with another acquiring account and cannot pay this checkout: enter the card",
    })
  if (!choice.security_code && savedCards.security_code === "required")
    throw new RefusedFieldError({
      field: "saved_card.security_code",
      reason: "is required",
    })
  return {
    kind: "saved",
    card,
    security_code: choice.security_code,
    holder: entry.holder,
  }
}
