/**
 * A chargeback kept once per acquirer reference: inserted when new; a known
 * one moves only from OPEN to WON or LOST (the WHERE of the conflict's
 * update), so a repeat or a late notification returns no row.
 */
export const KEEP_CHARGEBACK = `insert into "acquiring_chargeback" ("id", "reference", "provider_id", "order_no", "transaction_id", "payment_id", "session_id", "currency", "amount", "payment_amount", "reason_code", "reason_text", "status", "opened_at", "respond_by", "decided_at")
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, case when ? = 'OPEN' then null else now() end)
       on conflict ("reference") where "deleted_at" is null
       do update set "status" = excluded."status", "decided_at" = now(), "updated_at" = now(),
         "payment_id" = coalesce("acquiring_chargeback"."payment_id", excluded."payment_id")
       where "acquiring_chargeback"."status" = 'OPEN' and excluded."status" <> 'OPEN'
       returning "id", "status", (xmax = 0) as "inserted"`
