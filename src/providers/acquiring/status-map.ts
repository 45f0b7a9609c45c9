/**
 * From the service's outcomes to Medusa's payment session statuses and
 * webhook actions, and the rule that a settled payment is never downgraded.
 *
 *   authorised            → authorized (captured on auto-capture accounts)
 *   held for risk review  → authorized, flagged (order_status -2): the order
 *                           can be placed, capture waits for the review
 *   pending / 3-D Secure  → pending, or requires_more when a challenge URL is known
 *   captured / refunded   → captured
 *   failed                → error
 *   cancelled             → canceled
 *   unknown code          → pending (never guessed as success)
 */
import type { OrderOutcome, PaymentOutcome } from "../../gateway/statuses"
import type { StoredStatus } from "./session-data"

export type WebhookAction =
  | "authorized"
  | "captured"
  | "failed"
  | "pending"
  | "requires_more"
  | "canceled"
  | "not_supported"

export function statusFromOrderOutcome(
  outcome: OrderOutcome,
  context: { auto_capture: boolean; has_challenge: boolean }
): StoredStatus {
  switch (outcome) {
    case "authorised":
      return context.auto_capture ? "captured" : "authorized"
    case "review":
      return "authorized"
    case "failed":
      return "error"
    case "pending":
      return context.has_challenge ? "requires_more" : "pending"
    default:
      return "pending"
  }
}

export function statusFromPaymentOutcome(
  outcome: PaymentOutcome
): StoredStatus {
  switch (outcome) {
    case "authorised":
    case "review":
      return "authorized"
    case "captured":
    case "refunded":
    case "partly_refunded":
      return "captured"
    case "failed":
      return "error"
    case "cancelled":
      return "canceled"
    default:
      return "pending"
  }
}

/** order_status equivalent of a query outcome, so stored data reads the same whichever message brought it. */
export function orderStatusFromPaymentOutcome(
  outcome: PaymentOutcome
): string | undefined {
  switch (outcome) {
    case "authorised":
    case "captured":
    case "refunded":
    case "partly_refunded":
      return "1"
    case "review":
      return "-2"
    case "pending":
      return "-1"
    case "failed":
    case "cancelled":
      return "0"
    default:
      return undefined
  }
}

const SETTLED: ReadonlySet<StoredStatus> = new Set([
  "authorized",
  "captured",
  "canceled",
])

export function isSettled(status: StoredStatus | undefined): boolean {
  return status !== undefined && SETTLED.has(status)
}

/**
 * The status to keep when a new outcome arrives for the same attempt.
 * Allowed moves from a settled state: authorized → captured or canceled;
 * a pending answer leaves a known 3-D Secure challenge (requires_more) alone.
 * Everything else that would move a settled payment back is ignored.
 */
export function mergeStatus(
  current: StoredStatus | undefined,
  incoming: StoredStatus
): StoredStatus {
  // the query only knows "pending": a known 3-D Secure challenge stays requires_more
  if (current === "requires_more" && incoming === "pending") return current
  if (current === undefined || !isSettled(current)) return incoming
  if (
    current === "authorized" &&
    (incoming === "captured" || incoming === "canceled")
  )
    return incoming
  return current
}

export function webhookActionFor(status: StoredStatus): WebhookAction {
  switch (status) {
    case "authorized":
      return "authorized"
    case "captured":
      return "captured"
    case "error":
      return "failed"
    case "canceled":
      return "canceled"
    case "requires_more":
      return "requires_more"
    default:
      return "pending"
  }
}
