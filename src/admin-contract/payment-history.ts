/** Answers of a payment's history and of the history search, and the search's query. */
import { z } from "zod"
import { pageNumber } from "./list-query"

export const HISTORY_SOURCES = [
  "request",
  "notification",
  "job",
  "admin",
  "lock_timeout",
  "chargeback",
  "query",
] as const
export type HistorySource = (typeof HISTORY_SOURCES)[number]

export interface PaymentHistoryEntry {
  /** ISO time */
  at: string
  source: HistorySource
  /** the request's kind, the notification's type, the action */
  operation: string
  outcome: string
  summary: string
  order_no: string | null
  transaction_id: string | null
  payment_id: string | null
  session_id: string | null
  amount: string | null
  currency: string | null
  /** a request: from when it was recorded (before it left) to its settled outcome */
  duration_ms: number | null
  actor: string | null
}

export interface PaymentHistoryAnswer {
  /** where the payment stands, in words */
  verdict: string
  entries: PaymentHistoryEntry[]
}

/** Why a notification was refused at the door (counted, never stored one by one). */
export const REFUSAL_REASONS = [
  "bad_signature",
  "other_account",
  "invalid_content",
  "unknown_order",
  "unreadable",
  "account_gone",
] as const
export type RefusalReason = (typeof REFUSAL_REASONS)[number]

/** Each reason as the history reads it. */
export const REFUSAL_WORDS: Record<RefusalReason, string> = {
  bad_signature: "bad signature",
  other_account: "another merchant account",
  invalid_content: "invalid content",
  unknown_order: "order number of no payment",
  unreadable: "unreadable body",
  account_gone: "its payment's account is no longer stored",
}

/** The notifications refused in the current and the previous hour, store-wide. */
export interface RefusedNotifications {
  /** ISO start of the previous hour */
  since: string
  count: number
  /** ISO time of the latest, null when none */
  last_at: string | null
  /** most first */
  reasons: { reason: RefusalReason; count: number }[]
}

export interface HistorySearchAnswer {
  entries: PaymentHistoryEntry[]
  count: number
  limit: number
  offset: number
  refused_notifications: RefusedNotifications
}

const token = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .regex(
      /^[A-Za-z0-9_.:# -]{1,60}$/,
      `${field} must be 1 to 60 letters, digits or _ . : # -`
    )

/** One value or several separated by commas (either matches): `capture, refund`. */
const tokenList = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .regex(
      /^[A-Za-z0-9_.:# -]{1,60}(,[A-Za-z0-9_.:# -]{1,60}){0,9}$/,
      `${field} must be 1 to 60 letters, digits or _ . : # -, or several separated by commas`
    )
    .transform((v) =>
      v
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean)
    )

const time = (field: string) =>
  z
    .string({ error: `${field} must be a time` })
    .refine(
      (v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)),
      {
        message: `${field} must be a date or time such as 2026-11-27 or 2026-11-27T10:00:00Z`,
      }
    )

export const HistorySearchQuery = z
  .object({
    /** a Medusa order as the admin shows it (#12, 12, order_…) */
    order: token("order").optional(),
    order_no: token("order_no").optional(),
    transaction_id: token("transaction_id").optional(),
    operation: tokenList("operation").optional(),
    outcome: tokenList("outcome").optional(),
    from: time("from").optional(),
    to: time("to").optional(),
    limit: pageNumber("limit", 500, 50),
    offset: pageNumber("offset", 1_000_000, 0),
  })
  .strict()

export type HistorySearchQueryType = z.infer<typeof HistorySearchQuery>
