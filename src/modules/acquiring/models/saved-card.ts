import { model } from "@medusajs/framework/utils"

/**
 * A card a signed-in customer asked to keep, as the acquirer stored it: its
 * token (one per card and acquiring account), never the card itself. The
 * token never leaves the server; storefronts and the admin see this row's
 * id, the brand and the masked number.
 *
 * A card is forgotten (`deleted_at`) when its owner or the merchant deletes
 * it, and lapses (`lapsed_at`, then out of every list) when the acquirer no
 * longer knows its token (E0011).
 */
export const AcquiringSavedCard = model
  .define("acquiring_saved_card", {
    id: model.id({ prefix: "acqcard" }).primaryKey(),
    customer_id: model.text(),
    /** the acquirer's merchant and account the token belongs to */
    merchant_id: model.text(),
    account_id: model.text(),
    token_id: model.text(),
    /** first 6 and last 4 digits, as the acquirer answered them */
    card_masked: model.text(),
    /** visa, mastercard, american-express, … from the first digits; null when unknown */
    brand: model.text().nullable(),
    /** the Medusa provider it was saved through */
    provider_id: model.text(),
    last_used_at: model.dateTime().nullable(),
    lapsed_at: model.dateTime().nullable(),
  })
  .indexes([
    { on: ["customer_id"], where: "deleted_at IS NULL" },
    {
      on: ["customer_id", "merchant_id", "account_id", "token_id"],
      unique: true,
      where: "deleted_at IS NULL",
    },
  ])
