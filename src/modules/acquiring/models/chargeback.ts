import { model } from "@medusajs/framework/utils"

/**
 * A chargeback the card holder's bank raised against a captured payment,
 * as the acquirer's status query lists it (a notification only prompts the
 * query). One row per acquirer reference, whichever source saw it first;
 * its status moves OPEN → WON or OPEN → LOST once, never back.
 *
 * A lost one is accounted in Medusa as a refund of its amount (`refund_id`,
 * `accounted_at`), so Medusa's refunded sum equals what left the merchant.
 */
export const AcquiringChargeback = model
  .define("acquiring_chargeback", {
    id: model.id({ prefix: "acqcb" }).primaryKey(),
    /** the acquirer's chargeback_reference */
    reference: model.text(),
    provider_id: model.text(),
    order_no: model.text(),
    transaction_id: model.text().nullable(),
    /** Medusa's payment, when Medusa holds one */
    payment_id: model.text().nullable(),
    session_id: model.text().nullable(),
    currency: model.text(),
    /** decimal string in the currency's digits */
    amount: model.text(),
    /** the payment's amount as the acquirer states it */
    payment_amount: model.text().nullable(),
    reason_code: model.text().nullable(),
    reason_text: model.text().nullable(),
    status: model.enum(["OPEN", "WON", "LOST"]),
    /** chargeback_date */
    opened_at: model.dateTime().nullable(),
    respond_by: model.dateTime().nullable(),
    /** when the plugin first saw it decided */
    decided_at: model.dateTime().nullable(),
    /** a lost one, once recorded as a Medusa refund */
    refund_id: model.text().nullable(),
    accounted_at: model.dateTime().nullable(),
  })
  .indexes([
    { on: ["reference"], unique: true, where: "deleted_at IS NULL" },
    { on: ["order_no"] },
    { on: ["payment_id"] },
    { on: ["status", "respond_by"] },
    { on: ["opened_at"] },
    { on: ["decided_at"] },
  ])
