/** The statements of the refused notifications' counters (acquiring_notification_refusal). */
import type { Statement } from "./statement"
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

const COUNT_REFUSAL = `insert into "acquiring_notification_refusal" as r ("id", "provider_id", "reason", "order_no", "session_id", "hour", "count", "first_seen_at", "last_seen_at")
values ('acqnr_' || substr(md5(?::text || '|' || to_char(date_trunc('hour', now() at time zone 'utc'), 'YYYY-MM-DD"T"HH24')), 1, 26), ?, ?, ?, ?, date_trunc('hour', now()), 1, now(), now())
on conflict ("id") do update set "count" = r."count" + 1, "last_seen_at" = now(), "updated_at" = now()
returning r."count", (r."xmax" = 0) as "inserted"`

/**
 * One refused notification counted in one statement: the counter of this
 * hour (the database's clock), provider, reason and order number is made
 * or incremented. The row's id is a digest of that key and the hour, so
 * every instance counts one hour's refusals in the same row.
 */
export function countRefusal(refusal: RefusalInput): Statement {
  return {
    text: COUNT_REFUSAL,
    values: [
      [refusal.provider_id, refusal.reason, refusal.order_no ?? ""].join("|"),
      refusal.provider_id,
      refusal.reason,
      refusal.order_no,
      refusal.session_id,
    ],
  }
}

const REFUSALS_SINCE = `select "reason", sum("count") as "count", min("first_seen_at") as "first_seen_at", max("last_seen_at") as "last_seen_at"
from "acquiring_notification_refusal"
where "hour" >= ? and "deleted_at" is null
group by "reason"
order by sum("count") desc`

/** Refused notifications counted in the hours from `since` on, by reason. */
export function refusalsSince(since: Date): Statement {
  return { text: REFUSALS_SINCE, values: [since] }
}

/**
 * The history's refused notifications, written one row each before they
 * were counted, folded into counters of the hour they arrived in (by order
 * number, with the provider and session of the payment it names), then
 * removed: DELETE_REFUSED_EVENTS. Run by the migration that made the table.
 */
export const FOLD_REFUSED_EVENTS = `insert into "acquiring_notification_refusal" ("id", "provider_id", "reason", "order_no", "session_id", "hour", "count", "first_seen_at", "last_seen_at")
select 'acqnr_' || substr(md5('migrated|' || coalesce(r."order_no", '') || '|' || r."hour"::text), 1, 26),
       coalesce(o."provider_id", 'unknown'), 'bad_signature', r."order_no", o."session_id", r."hour", r."count", r."first", r."last"
  from (select e."order_no", date_trunc('hour', e."created_at") as "hour", count(*) as "count", min(e."created_at") as "first", max(e."created_at") as "last"
          from "acquiring_payment_event" e
         where e."kind" = 'notification' and e."outcome" = 'refused' and e."deleted_at" is null
         group by e."order_no", date_trunc('hour', e."created_at")) as r
  left join lateral (select op."provider_id", op."session_id" from "acquiring_operation" op
                      where op."order_no" = r."order_no" and op."kind" in ('authorise', 'checkout') limit 1) as o on true
on conflict ("id") do update set "count" = "acquiring_notification_refusal"."count" + excluded."count"`

export const DELETE_REFUSED_EVENTS = `delete from "acquiring_payment_event" where "kind" = 'notification' and "outcome" = 'refused'`
