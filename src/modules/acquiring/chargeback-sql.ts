import type { Statement } from "./statement"
import type { ChargebackInput } from "./writable-columns"

/**
 * A chargeback kept once per acquirer reference: inserted when new; a known
 * one moves only from OPEN to WON or LOST (the WHERE of the conflict's
 * update), so a repeat or a late notification returns no row.
 */
const KEEP_CHARGEBACK = `insert into "acquiring_chargeback" ("id", "reference", "provider_id", "order_no", "transaction_id", "payment_id", "session_id", "currency", "amount", "payment_amount", "reason_code", "reason_text", "status", "opened_at", "respond_by", "decided_at")
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, case when ? = 'OPEN' then null else now() end)
       on conflict ("reference") where "deleted_at" is null
       do update set "status" = excluded."status", "decided_at" = now(), "updated_at" = now(),
         "payment_id" = coalesce("acquiring_chargeback"."payment_id", excluded."payment_id")
       where "acquiring_chargeback"."status" = 'OPEN' and excluded."status" <> 'OPEN'
       returning "id", "status", (xmax = 0) as "inserted"`

/**
 * A chargeback kept once per acquirer reference: `inserted` and a row only
 * for the one statement that inserted or moved it.
 */
export function keepChargeback(row: ChargebackInput): Statement {
  return {
    text: KEEP_CHARGEBACK,
    values: [
      row.id,
      row.reference,
      row.provider_id,
      row.order_no,
      row.transaction_id,
      row.payment_id,
      row.session_id,
      row.currency,
      row.amount,
      row.payment_amount,
      row.reason_code,
      row.reason_text,
      row.status,
      row.opened_at,
      row.respond_by,
      row.status,
    ],
  }
}

/** A lost chargeback recorded in Medusa, marked once: its id comes back for the statement that marked it. */
export function markChargebackAccounted(
  id: string,
  refundId: string | null
): Statement {
  return {
    text: `update "acquiring_chargeback" set "accounted_at" = now(), "refund_id" = ?, "updated_at" = now() where "id" = ? and "accounted_at" is null returning "id"`,
    values: [refundId, id],
  }
}
