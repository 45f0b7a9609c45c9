/**
 * The alerts' readings of the attempt outcomes and the one-per-hour record.
 * Every reading is bounded by time on an indexed column.
 */
import { generateEntityId } from "@medusajs/framework/utils"
import { chargebacksByMonth, type ChargebackMonthRow } from "./overview-sql"
import type { Statement } from "./statement"

/** Outcomes of the hour [from, to) and of the week before it: approved and declined counts. */
const APPROVAL_HOUR_AND_WEEK = `select
    count(*) filter (where o."started_at" >= ? and o."state" in ('authorized', 'captured')) as "hour_approved",
    count(*) filter (where o."started_at" >= ? and o."state" = 'declined') as "hour_declined",
    count(*) filter (where o."started_at" < ? and o."state" in ('authorized', 'captured')) as "week_approved",
    count(*) filter (where o."started_at" < ? and o."state" = 'declined') as "week_declined"
  from "acquiring_attempt_outcome" o
  where o."deleted_at" is null and o."started_at" >= ?::timestamptz - interval '7 days' and o."started_at" < ?`

/** Declines of the hour by code, beside the same code's count over the week before. */
const DECLINES_HOUR_AND_WEEK = `select coalesce(o."result_code", '') as "code",
    count(*) filter (where o."started_at" >= ?) as "hour",
    count(*) filter (where o."started_at" < ?) as "week"
  from "acquiring_attempt_outcome" o
  where o."deleted_at" is null and o."state" = 'declined'
    and o."started_at" >= ?::timestamptz - interval '7 days' and o."started_at" < ?
  group by 1`

/** Attempts whose outcome is still unknown, begun before a moment: how many, and the oldest. */
const UNSETTLED_BEFORE = `select count(*) as "count", min(o."started_at") as "oldest"
  from "acquiring_attempt_outcome" o
  where o."deleted_at" is null and o."state" in ('sent', 'unknown') and o."started_at" < ?`

/**
 * Notifications of the hour [from, to): verified ones, refused ones, and the
 * payments the reconcile job's status query settled instead.
 */
const NOTIFICATIONS_OF_HOUR = `select
    (select count(*) from "acquiring_payment_event" e
      where e."deleted_at" is null and e."kind" = 'notification' and e."created_at" >= ? and e."created_at" < ?) as "verified",
    (select coalesce(sum(r."count"), 0) from "acquiring_notification_refusal" r
      where r."deleted_at" is null and r."hour" >= ? and r."hour" < ?) as "refused",
    (select count(*) from "acquiring_payment_event" e
      where e."deleted_at" is null and e."kind" = 'job' and e."outcome" = 'reconciled' and e."created_at" >= ? and e."created_at" < ?) as "reconciled"`

/** Records an alert for its cause and hour; no row comes back when it was raised already. */
const RAISE_ALERT = `insert into "acquiring_alert" ("id", "cause", "hour", "summary")
  values (?, ?, ?, ?)
  on conflict ("cause", "hour") do nothing
  returning "id"`

/** What the alerts read of an hour [from, to), and of the month from `monthStart` to `to`. */
export interface AlertWindow {
  from: Date
  to: Date
  /** attempts still unknown that began before this are counted */
  unsettledBefore: Date
  monthStart: Date
}

export interface AlertReadings {
  approvals: Record<
    "hour_approved" | "hour_declined" | "week_approved" | "week_declined",
    string
  >
  declines: { code: string; hour: string; week: string }[]
  unsettled: { count: string; oldest: Date | null }
  notifications: Record<"verified" | "refused" | "reconciled", string>
  month: ChargebackMonthRow | undefined
}

/** The readings' statements, one each, run one after another. */
export function alertStatements({
  from,
  to,
  unsettledBefore,
  monthStart,
}: AlertWindow) {
  return {
    approvals: {
      text: APPROVAL_HOUR_AND_WEEK,
      values: [from, from, from, from, from, to],
    },
    declines: { text: DECLINES_HOUR_AND_WEEK, values: [from, from, from, to] },
    unsettled: { text: UNSETTLED_BEFORE, values: [unsettledBefore] },
    notifications: {
      text: NOTIFICATIONS_OF_HOUR,
      values: [from, to, from, to, from, to],
    },
    month: chargebacksByMonth({ from: monthStart, to }),
  } satisfies Record<keyof AlertReadings, Statement>
}

/** An alert of a cause for an hour; no row comes back when that hour's was raised already (by any instance). */
export function raiseAlert(
  cause: string,
  hour: Date,
  summary: string
): Statement {
  return {
    text: RAISE_ALERT,
    values: [generateEntityId(undefined, "acqal"), cause, hour, summary],
  }
}
