/**
 * Refused notifications as the history reads them: one entry per counter
 * (hour, provider, reason, payment), and the store-wide count of the
 * current and the previous hour for the Payment history page.
 */
import {
  REFUSAL_WORDS,
  type PaymentHistoryEntry,
  type RefusedNotifications,
} from "../admin-contract/payment-history"
import { acquiringModule } from "../modules/acquiring/module-access"
import type { AcquiringNotificationRefusalRow } from "../modules/acquiring/types"

export type RefusalCounter = Pick<
  AcquiringNotificationRefusalRow,
  "reason" | "count" | "order_no" | "session_id"
> & {
  hour: Date | string
  first_seen_at: Date | string
  last_seen_at: Date | string
}

const clock = (at: Date | string) => new Date(at).toISOString().slice(11, 19)

/** `212 notifications refused in the hour from 2026-11-28 10:00 UTC (first 10:02:11, last 10:58:40): bad signature; nothing changed` */
export function refusalSummary(counter: RefusalCounter): string {
  const hour = new Date(counter.hour).toISOString()
  const count = Number(counter.count)
  return `${count} notification${count === 1 ? "" : "s"} refused in the hour from ${hour.slice(0, 10)} ${hour.slice(11, 16)} UTC (${count === 1 ? `at ${clock(counter.first_seen_at)}` : `first ${clock(counter.first_seen_at)}, last ${clock(counter.last_seen_at)}`}): ${REFUSAL_WORDS[counter.reason]}; nothing changed`
}

export function refusalEntry(counter: RefusalCounter): PaymentHistoryEntry {
  return {
    at: new Date(counter.last_seen_at).toISOString(),
    source: "notification",
    operation: "refused",
    outcome: "refused",
    summary: refusalSummary(counter),
    order_no: counter.order_no ?? null,
    transaction_id: null,
    payment_id: null,
    session_id: counter.session_id ?? null,
    amount: null,
    currency: null,
    duration_ms: null,
    actor: null,
  }
}

/** The current and the previous hour's refusals, store-wide, by reason. */
export async function refusedNotifications(
  now = new Date()
): Promise<RefusedNotifications> {
  const since = new Date(now)
  since.setUTCMinutes(0, 0, 0)
  since.setUTCHours(since.getUTCHours() - 1)
  const totals = await acquiringModule().refusalsSince(since)
  const last = totals.reduce<Date | null>(
    (latest, t) =>
      !latest || new Date(t.last_seen_at) > latest
        ? new Date(t.last_seen_at)
        : latest,
    null
  )
  return {
    since: since.toISOString(),
    count: totals.reduce((sum, t) => sum + t.count, 0),
    last_at: last?.toISOString() ?? null,
    reasons: totals.map(({ reason, count }) => ({ reason, count })),
  }
}
