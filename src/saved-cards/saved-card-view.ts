/**
 * What a saved card shows: never its token. The storefront sees the card's
 * own id, brand and masked number; the admin also the acquiring account
 * it belongs to.
 */
import type { SavedCardRow } from "./saved-card-store"
import type { SavedCard } from "../admin-contract/saved-cards"

export interface SavedCardView {
  id: string
  brand: string | null
  /** first 6 and last 4 digits */
  card_masked: string
  last4: string
  saved_at: string
  last_used_at: string | null
}

/** The admin contract's saved card: the view, and the customer and acquiring account it belongs to. */
export type AdminSavedCardView = SavedCard

const iso = (at: Date | string | null | undefined): string | null =>
  at ? new Date(at).toISOString() : null

export function savedCardView(card: SavedCardRow): SavedCardView {
  return {
    id: card.id,
    brand: card.brand,
    card_masked: card.card_masked,
    last4: card.card_masked.slice(-4),
    saved_at: new Date(card.created_at).toISOString(),
    last_used_at: iso(card.last_used_at),
  }
}

export function adminSavedCardView(card: SavedCardRow): AdminSavedCardView {
  return {
    ...savedCardView(card),
    customer_id: card.customer_id,
    merchant_id: card.merchant_id,
    account_id: card.account_id,
    provider_id: card.provider_id,
  }
}
