/**
 * What the acquirer's statuses mean, in one place. The gateway names a wire
 * code (its code tables are the wire contract's ANALOG, overridable through
 * `status_codes`); the tables here say what each named status does to an
 * attempt, and what an attempt's state is for Medusa: its session status and
 * the answer its webhook handler gets.
 */
import {
  interpretOrderStatus,
  interpretPaymentStatus,
  type OrderOutcome,
  type OrderStatusOverrides,
  type PaymentOutcome,
  type PaymentStatusOverrides,
  type QueryEntry,
  type VerifiedResult,
} from "../gateway/index"
import type { AttemptState, SessionStatus } from "./session-data"

export interface StatusCodeOverrides {
  order_status?: OrderStatusOverrides
  payment_status?: PaymentStatusOverrides
}

/** Medusa's webhook actions the plugin answers with. */
export type WebhookAction =
  | "authorized"
  | "captured"
  | "failed"
  | "canceled"
  | "requires_more"
  | "pending"

/** An attempt's state, for Medusa: one row per state. */
export const ATTEMPT_STATE_MEANING: Readonly<
  Record<AttemptState, { session: SessionStatus; webhook: WebhookAction }>
> = {
  sent: { session: "pending", webhook: "pending" },
  unknown: { session: "pending", webhook: "pending" },
  pending: { session: "pending", webhook: "pending" },
  absent: { session: "pending", webhook: "pending" },
  requires_more: { session: "requires_more", webhook: "requires_more" },
  // Medusa makes the order without a payment; the transfer's arrival is the plugin's to record
  awaiting_transfer: { session: "pending_authorization", webhook: "pending" },
  authorized: { session: "authorized", webhook: "authorized" },
  captured: { session: "captured", webhook: "captured" },
  declined: { session: "error", webhook: "failed" },
  void: { session: "canceled", webhook: "canceled" },
}

export function sessionStatusOf(
  state: AttemptState | undefined
): SessionStatus {
  return ATTEMPT_STATE_MEANING[state ?? "pending"].session
}

export function webhookActionOf(
  state: AttemptState | undefined
): WebhookAction {
  return ATTEMPT_STATE_MEANING[state ?? "pending"].webhook
}

/** The attempt state a session status stands for (data kept before the attempt ledger). */
export function attemptStateOfStatus(
  status: SessionStatus | undefined
): AttemptState {
  const decided = (
    ["authorized", "captured", "void", "declined", "requires_more"] as const
  ).find((state) => ATTEMPT_STATE_MEANING[state].session === status)
  return decided ?? "pending"
}

export type QueryMeaning = {
  state: AttemptState
  review?: "held" | "done"
  refunded?: "full" | "part"
} | null

/** A status-query or refund-search entry's payment_status, for an attempt; unknown codes mean nothing (never guessed). */
export const PAYMENT_STATUS_MEANING: Readonly<
  Record<PaymentOutcome, QueryMeaning>
> = {
  authorised: { state: "authorized", review: "done" },
  review: { state: "authorized", review: "held" },
  pending: { state: "pending" },
  captured: { state: "captured", review: "done" },
  refunded: { state: "captured", review: "done", refunded: "full" },
  partly_refunded: { state: "captured", review: "done", refunded: "part" },
  // still captured for Medusa: a chargeback is the plugin's to record (src/chargebacks)
  disputed: { state: "captured", review: "done" },
  charged_back: { state: "captured", review: "done" },
  failed: { state: "declined" },
  cancelled: { state: "void" },
  unknown: null,
}

/** Delayed methods (a bank transfer): pending until the money arrives, captured on arrival (wire contract DECISION). */
export interface DelayedMethods {
  methods: readonly string[]
  /** result code of a delayed payment awaiting the money */
  awaiting_code: string
  /** days the acquirer awaits the money before it lapses the payment; 7 when not given */
  lifetime_days?: number
}

const DEFAULT_DELAYED: DelayedMethods = {
  methods: ["BANK_TRANSFER"],
  awaiting_code: "P0001",
}

const DAY_MS = 24 * 60 * 60 * 1000

/** When an awaited transfer requested at `at` lapses at the acquirer (its lifetime, 7 days by default). */
export function transferDeadline(at: string, delayed?: DelayedMethods): string {
  const days = (delayed ?? DEFAULT_DELAYED).lifetime_days ?? 7
  return new Date(Date.parse(at) + days * DAY_MS).toISOString()
}

export function isDelayed(
  method: string | undefined,
  delayed?: DelayedMethods
) {
  return (
    !!method &&
    (delayed ?? DEFAULT_DELAYED).methods.includes(method.toUpperCase())
  )
}

export function queryMeaning(
  entry: QueryEntry,
  rules?: { status_codes?: StatusCodeOverrides; delayed?: DelayedMethods }
): QueryMeaning {
  const meaning =
    PAYMENT_STATUS_MEANING[
      interpretPaymentStatus(
        entry.payment_status,
        rules?.status_codes?.payment_status
      )
    ]
  // a delayed method the query calls pending is still awaiting its money
  if (
    meaning?.state === "pending" &&
    isDelayed(entry.payment_method, rules?.delayed)
  )
    return { state: "awaiting_transfer" }
  return meaning
}

/**
 * A result's order_status (direct answer, 3-D Secure or browser return,
 * notification), for its attempt; `held`: authorised but held for review.
 */
export const ORDER_STATUS_MEANING: Readonly<
  Record<
    OrderOutcome,
    | ((facts: { auto_capture: boolean; challenge: boolean }) => {
        state: AttemptState
        held: boolean
      })
    | null
  >
> = {
  authorised: ({ auto_capture }) => ({
    state: auto_capture ? "captured" : "authorized",
    held: false,
  }),
  review: () => ({ state: "authorized", held: true }),
  failed: () => ({ state: "declined", held: false }),
  pending: ({ challenge }) => ({
    state: challenge ? "requires_more" : "pending",
    held: false,
  }),
  unknown: null,
}

export function resultMeaning(
  result: VerifiedResult,
  rules: {
    auto_capture: boolean
    status_codes?: StatusCodeOverrides
    delayed?: DelayedMethods
  }
): { state: AttemptState; held: boolean } | null {
  const outcome = interpretOrderStatus(
    result.order_status,
    rules.status_codes?.order_status
  )
  const meaning = ORDER_STATUS_MEANING[outcome]
  if (!meaning) return null
  const delayed = isDelayed(result.payment_method, rules.delayed)
  const awaiting =
    result.result?.code === (rules.delayed ?? DEFAULT_DELAYED).awaiting_code
  if (outcome === "pending" && (delayed || awaiting))
    return { state: "awaiting_transfer", held: false }
  // a transfer is captured as its money arrives, never separately
  if (outcome === "authorised" && delayed)
    return { state: "captured", held: false }
  return meaning({
    auto_capture: rules.auto_capture,
    challenge: !!result.issuer_url,
  })
}
