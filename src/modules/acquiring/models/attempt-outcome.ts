import { model } from "@medusajs/framework/utils"

/**
 * One row per attempt at the acquirer (an authorisation or a hosted
 * checkout), kept in step with the attempt ledger of the session's state by
 * the same statement that writes it (attempt-outcome-sql.ts): what the
 * payments overview counts, by day, without reading the sessions' JSON.
 * Keyed by the attempt's order number, unique at the acquirer.
 */
export const AcquiringAttemptOutcome = model
  .define("acquiring_attempt_outcome", {
    id: model.text().primaryKey(),
    session_id: model.text(),
    kind: model.enum(["authorise", "checkout"]),
    /** the attempt's state in the ledger (session-data.ts ATTEMPT_STATES) */
    state: model.text(),
    /** the admin account the payment began with (null: medusa-config alone) */
    account_id: model.text().nullable(),
    mode: model.text().nullable(),
    currency: model.text().nullable(),
    /** decimal string in the currency's digits */
    amount: model.text().nullable(),
    /** CARD for a typed or saved card; the hosted page's method once the acquirer names it */
    payment_method: model.text().nullable(),
    three_d_secure_asked: model.boolean().default(false),
    /** when the request was written, before it left */
    started_at: model.dateTime(),
    /** a decline's code, learnt after the request (3-D Secure failed, a hosted page refused); else the journal's */
    result_code: model.text().nullable(),
    /** when the plugin first recorded it approved (the acquirer's answer, a notification, a query); unknown for attempts before this was kept */
    approved_at: model.dateTime().nullable(),
    /** when an order took its payment (order.placed) */
    ordered_at: model.dateTime().nullable(),
  })
  .indexes([
    { on: ["started_at"] },
    { on: ["account_id", "started_at"] },
    { on: ["session_id"] },
  ])
