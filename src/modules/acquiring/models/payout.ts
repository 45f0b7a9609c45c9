import { model } from "@medusajs/framework/utils"
import type { Beneficiary, Payer } from "../../../gateway"

/** The admin account a payout was sent with (id null: medusa-config alone), as on a payment's data. */
export interface PayoutAccount {
  id: string | null
  mode: "test" | "live"
}

/**
 * A payout to a beneficiary: the request as the merchant made it and the
 * acquirer's answer. `request_id` is made once, when the row is written
 * (before the request leaves), and every later call about this payout (a
 * retry after a lost answer, the status query) carries the same one, so the
 * acquirer never pays twice.
 *
 * Statuses: `sending` (written, no answer yet), `unknown` (the answer was
 * lost: settled by the status query, never by a new request_id), then the
 * acquirer's `PENDING`, `COMPLETED`, `FAILED`. COMPLETED and FAILED are final.
 *
 * Beneficiary and payer are kept as the request needs them (a retry sends
 * the same request); lists and answers show only masked views of them.
 *
 * `idempotency_key` is the client's key for one create: the unique index
 * lets one row in, whichever instance the repeats reach, and a repeat
 * answers with that row. `account` is the admin account the payout was sent
 * with: every later call about it (refresh, the job, a notification's
 * signature) uses that account, never the one serving its currency now.
 */
export const AcquiringPayout = model
  .define("acquiring_payout", {
    id: model.id({ prefix: "acqpo" }).primaryKey(),
    /** the provider entry whose merchant account pays: pp_acquiring-card_<id> */
    provider_id: model.text(),
    /** the admin account it was sent with, { id, mode } as on a payment (id null: medusa-config alone); null on older rows */
    account: model.json<PayoutAccount>().nullable(),
    request_id: model.text(),
    /** the client's key for this create (1–64 of A–Z a–z 0–9 _ -); null: sent without one */
    idempotency_key: model.text().nullable(),
    status: model
      .enum(["sending", "unknown", "PENDING", "COMPLETED", "FAILED"])
      .default("sending"),
    beneficiary: model.json<Beneficiary>(),
    payer: model.json<Payer>().nullable(),
    beneficiary_id: model.text().nullable(),
    /** shown in lists and searched by `q`: company or first and last name */
    beneficiary_name: model.text().nullable(),
    /** the last four characters of the account number or IBAN, for masked views */
    beneficiary_account_last4: model.text().nullable(),
    /** decimal strings in the currency's digits */
    payment_amount: model.text(),
    payment_currency: model.text(),
    source_amount: model.text().nullable(),
    source_currency: model.text().nullable(),
    /** YYYY-MM-DD */
    payment_date: model.text().nullable(),
    payment_method: model.text().nullable(),
    swift_charge_option: model.text().nullable(),
    fund_source: model.text().nullable(),
    fee_paid_by: model.text().nullable(),
    reason: model.text().nullable(),
    reference: model.text().nullable(),
    client_data: model.text().nullable(),
    // the acquirer's answer
    transaction_id: model.text().nullable(),
    short_reference_id: model.text().nullable(),
    fee_amount: model.text().nullable(),
    fee_currency: model.text().nullable(),
    amount_payer_pays: model.text().nullable(),
    amount_beneficiary_receives: model.text().nullable(),
    failure_type: model.text().nullable(),
    failure_reason: model.text().nullable(),
    acquirer_created_at: model.text().nullable(),
    acquirer_updated_at: model.text().nullable(),
    /** why the last call got no usable answer (no personal data) */
    last_error: model.text().nullable(),
    /** requests sent for this payout, all with the same request_id */
    tries: model.number().default(0),
    settled_at: model.dateTime().nullable(),
  })
  .indexes([
    { on: ["request_id"], unique: true },
    {
      on: ["idempotency_key"],
      unique: true,
      where: "idempotency_key IS NOT NULL",
    },
    { on: ["status"] },
    { on: ["transaction_id"] },
    { on: ["payment_currency"] },
  ])
