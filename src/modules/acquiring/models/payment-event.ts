import { model } from "@medusajs/framework/utils"

/**
 * A payment's history besides the operations journal (which holds every
 * request that may move money): notifications received, what jobs and
 * admins did, lock waits that timed out, chargebacks seen. Texts are
 * written log-safe: never card data or secrets.
 */
export const AcquiringPaymentEvent = model
  .define("acquiring_payment_event", {
    id: model.id({ prefix: "acqev" }).primaryKey(),
    kind: model.enum([
      "notification",
      "job",
      "admin",
      "lock_timeout",
      "chargeback",
      "query",
    ]),
    /** what happened, in a word: verified, refused, reconciled, opened, won, lost… */
    outcome: model.text(),
    /** one sentence for the timeline */
    summary: model.text(),
    order_no: model.text().nullable(),
    session_id: model.text().nullable(),
    payment_id: model.text().nullable(),
    transaction_id: model.text().nullable(),
    /** the notification's type, the job's name, the admin's action */
    operation: model.text().nullable(),
    amount: model.text().nullable(),
    currency: model.text().nullable(),
    /** who did it: an admin user's id, a job's name */
    actor: model.text().nullable(),
  })
  .indexes([
    { on: ["payment_id"] },
    { on: ["session_id"] },
    { on: ["order_no"] },
    { on: ["transaction_id"] },
    { on: ["created_at"] },
  ])
