/**
 * Answers of /admin/acquiring/customers/:id/saved-cards and
 * /admin/acquiring/saved-cards/:id, as the customer widget reads them. The
 * acquirer's token never reaches the admin: a card is its id, brand and
 * masked number.
 */
export interface SavedCard {
  id: string
  /** visa, mastercard, american-express, … null when the first digits fit no single brand */
  brand: string | null
  /** first 6 and last 4 digits */
  card_masked: string
  last4: string
  saved_at: string
  last_used_at: string | null
  customer_id: string
  /** the acquirer's merchant and account the card's token belongs to */
  merchant_id: string
  account_id: string
  provider_id: string
}

export interface SavedCardsAnswer {
  /** newest first; only cards that can still pay */
  saved_cards: SavedCard[]
}

export interface SavedCardDeleted {
  id: string
  object: "saved_card"
  deleted: true
}
