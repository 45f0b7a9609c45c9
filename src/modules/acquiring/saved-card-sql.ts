/** The saved cards' hand-written statement. */
import type { Statement } from "./statement"
import type { SavedCardInput } from "./writable-columns"

/**
 * A customer's card kept under the acquirer's token: the same token saved
 * again (a notification and the shopper's return racing, or a second
 * payment asking again) answers the row already kept.
 */
export function keepSavedCard(card: SavedCardInput): Statement {
  return {
    text: `insert into "acquiring_saved_card" ("id", "customer_id", "merchant_id", "account_id", "token_id", "card_masked", "brand", "provider_id") values (?, ?, ?, ?, ?, ?, ?, ?)
       on conflict ("customer_id", "merchant_id", "account_id", "token_id") where "deleted_at" is null
       do update set "card_masked" = excluded."card_masked", "lapsed_at" = null, "updated_at" = now()
       returning "id"`,
    values: [
      card.id,
      card.customer_id,
      card.merchant_id,
      card.account_id,
      card.token_id,
      card.card_masked,
      card.brand,
      card.provider_id,
    ],
  }
}
