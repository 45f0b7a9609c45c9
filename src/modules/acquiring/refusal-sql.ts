/** The statements of the refused notifications' counters (acquiring_notification_refusal). */
import type { AcquiringNotificationRefusalRow } from "./types"

export type RefusalReason = AcquiringNotificationRefusalRow["reason"]

export interface RefusalInput {
  provider_id: string
  reason: RefusalReason
  /** only an order number of a real payment of this provider */
  order_no?: string | null
  session_id?: string | null
}

export interface RefusalCount {
  /** the hour's count so far, this one included */
  count: number
  /** this was the first of its counter (hour, provider, reason, order) */
  inserted: boolean
}

export interface RefusalTotal {
  reason: RefusalReason
  count: number
  first_seen_at: Date
  last_seen_at: Date
}

/**
 * Parameters: key (provider|reason|order), provider, reason, order number,
 * session. The row's id is a digest of the key and the database's hour,
 * so every instance counts one hour's refusals in the same row.
 */
export const COUNT_REFUSAL = `insert into "acquiring_notification_refusal" as r ("id", "provider_id", "reason", "order_no", "session_id", "hour", "count", "first_seen_at", "last_seen_at")
values ('acqnr_' || substr(md5(?::text || '|' || to_char(date_trunc('hour', now() at time zone 'utc'), 'YYYY-MM-DD"T"HH24')), 1, 26), ?, ?, ?, ?, date_trunc('hour', now()), 1, now(), now())
on conflict ("id") do update set "count" = r."count" + 1, "last_seen_at" = now(), "updated_at" = now()
returning r."count", (r."xmax" = 0) as "inserted"`

/** Parameter: since. */
export const REFUSALS_SINCE = `select "reason", sum("count") as "count", min("first_seen_at") as "first_seen_at", max("last_seen_at") as "last_seen_at"
from "acquiring_notification_refusal"
where "hour" >= ? and "deleted_at" is null
group by "reason"
order by sum("count") desc`
