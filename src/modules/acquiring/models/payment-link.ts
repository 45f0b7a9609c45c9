import { model } from "@medusajs/framework/utils"

/**
 * A payment link: what an order still owes, payable on the acquirer's
 * hosted page at `{backend}/acquiring/pay/{token}` without a storefront.
 * The token is shown once, to the admin who made the link; only its
 * SHA-256 is kept, so the table alone cannot open a page. A link opens
 * once (`used_at`, set by one conditional UPDATE), until `expires_at`;
 * `paid_at` is when its session was seen authorised.
 */
export const AcquiringPaymentLink = model
  .define("acquiring_payment_link", {
    id: model.id({ prefix: "acqlink" }).primaryKey(),
    order_id: model.text(),
    /** the order's payment collection for the amount owed, and the hosted provider's session on it */
    payment_collection_id: model.text(),
    payment_session_id: model.text(),
    /** decimal string in the currency's digits */
    amount: model.text(),
    currency: model.text(),
    /** hex SHA-256 of the link's token */
    token_hash: model.text(),
    expires_at: model.dateTime(),
    /** the first (and only) opening of the page */
    used_at: model.dateTime().nullable(),
    paid_at: model.dateTime().nullable(),
    /** the admin user who made the link */
    created_by: model.text().nullable(),
  })
  .indexes([
    { on: ["token_hash"], unique: true, where: "deleted_at IS NULL" },
    { on: ["order_id"], where: "deleted_at IS NULL" },
  ])
