/**
 * When an authorisation lapses (wire contract "Authorisation lifetime", a
 * DECISION: 7 days by default, the option authorisation_lifetime_days): the
 * acquirer releases the money of an authorisation not captured in time; the
 * status query then reads 1100 and a capture is refused with E0005. The
 * authorisation time is the payment attempt's `authorized_at`.
 */
import type { Attempt, SessionData } from "./session-data"

export const DAY_MS = 24 * 60 * 60 * 1000

/** The wire contract's lifetime, the option's default. */
export const DEFAULT_AUTHORIZATION_LIFETIME_DAYS = 7

/** `YYYYMMDDHHMMSS`, read as UTC (the sandbox writes UTC; an acquirer in a zone behind UTC only makes the lapse earlier, never later). */
function transactionDate(text: string | undefined): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text ?? "")
  if (!m) return undefined
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number)
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s))
  // 20261340… rolls over into another date: not a date the acquirer meant
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
    ? date
    : undefined
}

/**
 * The acquirer's transaction_date as the attempt's authorisation time, when
 * it is earlier than the one the plugin holds: the acquirer's record is what
 * its lapse runs from. Undefined when nothing changes.
 */
export function acquirerAuthorizationTime(
  attempt: Attempt | undefined,
  transaction_date: string | undefined
): string | undefined {
  // an attempt once authorised (still, or released since: when it lapsed counts)
  if (!attempt?.authorized_at) return undefined
  const date = transactionDate(transaction_date)
  // whole seconds and a clock a little off are no news: only a minute or more counts
  if (!date || date.getTime() > Date.parse(attempt.authorized_at) - 60_000)
    return undefined
  return date.toISOString()
}

/** When the payment's authorisation lapses (or lapsed), whatever its state; undefined when the time is unknown. */
export function lapseTime(
  data: SessionData,
  lifetimeDays: number
): Date | undefined {
  // the session's order number follows the attempt that holds (or held) the money
  const at = data.attempts?.find(
    (a) => a.order_no === data.order_no
  )?.authorized_at
  const time = at === undefined ? NaN : Date.parse(at)
  // legacy data carries the epoch for an unknown time
  if (!Number.isFinite(time) || time <= 0) return undefined
  return new Date(time + lifetimeDays * DAY_MS)
}

/** When an authorised, uncaptured payment lapses; undefined for any other. */
export function lapsesAt(
  data: SessionData,
  lifetimeDays: number
): Date | undefined {
  if (data.status !== "authorized" || data.void_pending) return undefined
  return lapseTime(data, lifetimeDays)
}

export function hasLapsed(
  data: SessionData,
  lifetimeDays: number,
  now: Date
): boolean {
  const at = lapsesAt(data, lifetimeDays)
  return at !== undefined && at.getTime() <= now.getTime()
}

/** What the merchant reads when a capture comes too late. */
export function lapsedMessage(
  lapse: Date | undefined,
  lifetimeDays: number
): string {
  const on = lapse ? ` on ${lapse.toISOString().slice(0, 10)}` : ""
  return `The authorisation lapsed${on} (after ${lifetimeDays} days): the acquirer has released the money; ask the customer to pay again`
}

export interface LapseView {
  /** an authorised, uncaptured payment: when its authorisation lapses (ISO; may be past) */
  lapses_at: string | null
  /** a payment cancelled once its lapse time had come: when the authorisation lapsed */
  lapsed_at: string | null
}

/** What the admin sees of a payment's lapse; `canceled_at` is Medusa's. */
export function lapseView(
  data: SessionData,
  lifetimeDays: number,
  canceled_at: Date | null
): LapseView {
  const ahead = lapsesAt(data, lifetimeDays)
  const lapse = lapseTime(data, lifetimeDays)
  const lapsed =
    data.status === "canceled" &&
    lapse !== undefined &&
    canceled_at !== null &&
    canceled_at.getTime() >= lapse.getTime()
  return {
    lapses_at: ahead ? ahead.toISOString() : null,
    lapsed_at: lapsed ? lapse.toISOString() : null,
  }
}
