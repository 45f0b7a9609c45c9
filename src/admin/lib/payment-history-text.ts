/** How a payment's history entry reads, in the order widget and on the Payment history page. */
export type {
  HistorySearchAnswer,
  HistorySource,
  PaymentHistoryAnswer,
  PaymentHistoryEntry,
  RefusedNotifications,
} from "../../admin-contract/payment-history"
import {
  REFUSAL_WORDS,
  type HistorySource,
  type PaymentHistoryEntry,
  type RefusedNotifications,
} from "../../admin-contract/payment-history"
import { amountText } from "./amount-text"

const SOURCE_WORDS: Record<HistorySource, string> = {
  request: "Request to the acquirer",
  notification: "Notification from the acquirer",
  job: "Background job",
  admin: "Admin action",
  lock_timeout: "Lock wait timed out",
  chargeback: "Chargeback",
  query: "Status query",
}

export type OutcomeTone = "green" | "red" | "orange" | "grey"

const TONES: Record<string, OutcomeTone> = {
  done: "green",
  recorded: "green",
  verified: "green",
  answered: "green",
  reconciled: "green",
  won: "green",
  refused: "red",
  opened: "red",
  lost: "red",
  failed: "red",
  error: "red",
  sent: "orange",
  unknown: "orange",
  unconfirmed: "orange",
  timed_out: "orange",
}

/** `245 ms`, `1.2 s`, `2 min 5 s` */
export function durationText(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`
  const seconds = Math.round(ms / 1000)
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`
}

export interface HistoryEntryView {
  /** the local day and time, to the second: `27 Nov 2026, 10:15:02` */
  when: string
  day: string
  time: string
  /** where the entry comes from, and its operation: `Request to the acquirer · capture` */
  what: string
  summary: string
  outcome: string
  tone: OutcomeTone
  amount?: string
  /** a request's: from when it was recorded to its settled outcome */
  duration?: string
}

/** One entry as the admin reads it; `timeZone` only for tests (the admin's own zone otherwise). */
export function historyEntryView(
  entry: PaymentHistoryEntry,
  timeZone?: string
): HistoryEntryView {
  const source = SOURCE_WORDS[entry.source] ?? entry.source
  const at = new Date(entry.at)
  const day = at.toLocaleDateString("en-GB", {
    timeZone,
    day: "numeric",
    month: "short",
    year: "numeric",
  })
  const time = at.toLocaleTimeString("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  })
  return {
    when: `${day}, ${time}`,
    day,
    time,
    what:
      entry.operation && entry.operation !== entry.source
        ? `${source} · ${entry.operation}`
        : source,
    summary: entry.summary,
    outcome: entry.outcome.replace(/_/g, " "),
    tone: TONES[entry.outcome.toLowerCase()] ?? "grey",
    amount: amountText(entry.amount, entry.currency),
    duration:
      entry.duration_ms === null ? undefined : durationText(entry.duration_ms),
  }
}

/**
 * The store's refused notifications of the current and the previous hour,
 * in a sentence; undefined when there were none. `timeZone` only for tests.
 * `212 notifications refused since 10:00 (the latest at 11:29:05): bad signature 200, order number of no payment 12. Nothing changed.`
 */
export function refusedNotificationsText(
  refused: RefusedNotifications | undefined,
  timeZone?: string
): string | undefined {
  if (!refused?.count) return undefined
  const clock = (iso: string, second: boolean) =>
    new Date(iso).toLocaleTimeString("en-GB", {
      timeZone,
      hour: "2-digit",
      minute: "2-digit",
      ...(second ? { second: "2-digit" } : {}),
    })
  const reasons = refused.reasons
    .map((r) => `${REFUSAL_WORDS[r.reason] ?? r.reason} ${r.count}`)
    .join(", ")
  const latest = refused.last_at
    ? ` (the latest at ${clock(refused.last_at, true)})`
    : ""
  return `${refused.count} notification${refused.count === 1 ? "" : "s"} refused since ${clock(refused.since, false)}${latest}: ${reasons}. Nothing changed.`
}
