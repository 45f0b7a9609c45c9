/**
 * The signed-in customer's subscriptions, for an account page: listing
 * them and cancelling one. The kit keeps only the keys below; the store
 * API never sends the payment, the provider or the acquirer's codes.
 */
import { answerMessage } from "./answer-fields.js"
import { errorFromAnswer } from "./request-error.js"
import type { StoreTransport } from "./transport.js"

export type SubscriptionStatus = "active" | "cancelling" | "cancelled" | "ended"

export type OrderRef = { id: string; display_id: number | null }

export type Subscription = {
  /** The acquirer's recurring id: what `cancelSubscription` takes. */
  id: string
  contract_name: string | null
  contract: string | null
  /** What each deduction charges, a decimal string ("15.00"). */
  amount: string | null
  currency: string | null
  /** "day", "week", "month" or "year", every `interval_count` of them. */
  interval: string | null
  interval_count: string | null
  /** Deductions at most; 0 until cancelled. */
  billing_cycle: number | null
  status: SubscriptionStatus
  /** The acquirer's local time "YYYY-MM-DD HH:MM:SS"; null once it stopped. */
  next_deduction_at: string | null
  first_order: OrderRef
  /** ISO 8601 */
  started_at: string | null
  /** The orders the later deductions made, oldest first. */
  renewals: (OrderRef & {
    deduction_number: number
    amount: string
    currency: string
  })[]
  failed_tries: number
  /** The latest deduction not paid; "card_lapsed": the stored card is no longer valid. */
  last_decline: {
    deduction_number: number
    reason: "declined" | "card_lapsed" | "ended"
  } | null
}

export type SubscriptionCancellation =
  | { kind: "cancelled"; subscription: Subscription; message: string }
  /** The acquirer's answer was lost: shown as cancelling; asking again is safe. */
  | { kind: "pending"; subscription: Subscription; message: string }
  | { kind: "refused"; subscription: Subscription; message: string }
  /** Not the signed-in customer's subscription, or nobody is signed in. */
  | { kind: "not_found"; message: string }
  | { kind: "failed"; status: number; message: string }

const PATH = "/store/acquiring/subscriptions"

const text = (value: unknown) => (typeof value === "string" ? value : null)
const whole = (value: unknown) => (typeof value === "number" ? value : null)
const ref = (raw: any): OrderRef => ({
  id: String(raw?.id ?? ""),
  display_id: whole(raw?.display_id),
})

/** Copies the known keys only, so nothing else the answer carries is kept. */
function toSubscription(raw: any): Subscription {
  return {
    id: String(raw.id),
    contract_name: text(raw.contract_name),
    contract: text(raw.contract),
    amount: text(raw.amount),
    currency: text(raw.currency),
    interval: text(raw.interval),
    interval_count: text(raw.interval_count),
    billing_cycle: whole(raw.billing_cycle),
    status: raw.status,
    next_deduction_at: text(raw.next_deduction_at),
    first_order: ref(raw.first_order),
    started_at: text(raw.started_at),
    renewals: (Array.isArray(raw.renewals) ? raw.renewals : []).map(
      (r: any) => ({
        ...ref(r),
        deduction_number: Number(r.deduction_number),
        amount: String(r.amount),
        currency: String(r.currency),
      })
    ),
    failed_tries: Number(raw.failed_tries ?? 0),
    last_decline: raw.last_decline
      ? {
          deduction_number: Number(raw.last_decline.deduction_number),
          reason: raw.last_decline.reason,
        }
      : null,
  }
}

/**
 * The signed-in customer's subscriptions, newest first. A guest has none:
 * the plugin answers 401 when nobody is signed in, and the kit gives [].
 * Any other refusal throws `AcquiringRequestError`.
 */
export async function listSubscriptions(
  store: StoreTransport
): Promise<Subscription[]> {
  const answer = await store("GET", PATH)
  if (answer.status === 401) return []
  if (answer.status !== 200 || !Array.isArray(answer.body?.subscriptions)) {
    throw errorFromAnswer(answer)
  }
  return answer.body.subscriptions.map(toSubscription)
}

/** Cancels one of the signed-in customer's subscriptions at the acquirer; no further deductions are made. */
export async function cancelSubscription(
  store: StoreTransport,
  id: string
): Promise<SubscriptionCancellation> {
  const answer = await store(
    "POST",
    `${PATH}/${encodeURIComponent(id)}/cancel`,
    {}
  )
  const message = answerMessage(answer) ?? `The store answered ${answer.status}`
  const subscription = answer.body?.subscription
  if ((answer.status === 200 || answer.status === 409) && subscription) {
    const kind =
      answer.body.outcome === "cancelled"
        ? "cancelled"
        : answer.body.outcome === "unknown"
          ? "pending"
          : "refused"
    return { kind, subscription: toSubscription(subscription), message }
  }
  if (answer.status === 404 || answer.status === 401)
    return { kind: "not_found", message }
  return { kind: "failed", status: answer.status, message }
}
