import { model } from "@medusajs/framework/utils"

/**
 * The operations journal: every request that may move money at the acquirer
 * is written here before it leaves, and settled when its outcome is known.
 * Cancelling a subscription is journalled the same way.
 * It outlives the payment module's own rows (a refund Medusa rolled back, a
 * session it deleted), so a lost answer is never forgotten.
 */
export const AcquiringOperation = model
  .define("acquiring_operation", {
    id: model.id({ prefix: "acqop" }).primaryKey(),
    /** pp_acquiring-card_<id> or pp_acquiring-hosted_<id> */
    provider_id: model.text(),
    kind: model.enum([
      "authorise",
      "checkout",
      "capture",
      "void",
      "review",
      "refund",
      "cancel_subscription",
    ]),
    state: model
      .enum(["sent", "unknown", "done", "refused", "recorded"])
      .default("sent"),
    order_no: model.text(),
    session_id: model.text().nullable(),
    payment_id: model.text().nullable(),
    transaction_id: model.text().nullable(),
    /** decimal string in the currency's digits */
    amount: model.text().nullable(),
    currency: model.text().nullable(),
    /** Medusa's id for the operation (a refund's id), sent to the acquirer where it can travel */
    reference: model.text().nullable(),
    /** the acquirer's reference (refund_reference_id) */
    acquirer_reference: model.text().nullable(),
    /** the acquirer's `<code>:<text>`, never card data */
    result_code: model.text().nullable(),
    result_text: model.text().nullable(),
    tries: model.number().default(1),
    settled_at: model.dateTime().nullable(),
  })
  .indexes([
    { on: ["order_no"] },
    { on: ["state", "kind"] },
    { on: ["payment_id"] },
    { on: ["session_id"] },
    { on: ["reference"] },
    { on: ["kind", "settled_at"] },
    {
      on: ["kind", "acquirer_reference"],
      unique: true,
      where: "acquirer_reference IS NOT NULL",
    },
  ])
