/**
 * What a card outcome does to a transaction, shared by the direct payment,
 * the hosted payment page and the 3-D Secure challenge.
 */
import { parseAmount } from "../gateway/money/amount"
import { localDateTime } from "./clock-format"
import type { SandboxContext } from "./context"
import { resultInfo, SUCCESS } from "./result-codes"
import type { CardToStore } from "./stored-cards"
import type { CardOutcome } from "./test-cards"
import type { Subscription, Transaction } from "./transactions"

export const THREEDS_RESULT = {
  FRICTIONLESS: "FRICTIONLESS",
  CHALLENGE_PENDING: "CHALLENGE_PENDING",
  AUTHENTICATED: "AUTHENTICATED",
  FAILED: "FAILED",
} as const

export const PENDING_INFO = "0000:3-D Secure authentication required"
export const REVIEW_INFO = "0000:Held for risk review"

export interface OutcomeInput {
  outcome: CardOutcome
  /** why the issuer declined, when the rules say so */
  reason?: string
  /** 3-D Secure was asked for (open3d do3DS, always on the hosted page) */
  threeDS: boolean
  /** the card, kept when the order asked to (tx.keep_card) and the payment is authorised */
  card?: CardToStore
}

export function applyCardOutcome(
  ctx: SandboxContext,
  tx: Transaction,
  input: OutcomeInput
): void {
  decideOutcome(ctx, tx, input)
  if (!tx.keep_card || !input.card) return
  const vault = ctx.store.ledger(tx).storedCards
  // a challenge decides later whether the payment is authorised
  if (tx.state === "pending_3ds") vault.hold(tx.transaction_id, input.card)
  else if (isAuthorized(tx)) tx.token_id = vault.store(input.card)
}

/** order_status 1 or -2: when the wire contract keeps a card. */
function isAuthorized(tx: Transaction): boolean {
  return tx.state === "authorised" || tx.state === "review"
}

function decideOutcome(
  ctx: SandboxContext,
  tx: Transaction,
  input: OutcomeInput
): void {
  tx.updated_at = ctx.clock()
  // the card holder is not present: never challenged, no 3-D Secure at all
  const present = !tx.order_type
  tx.is3ds = input.threeDS && present
  tx.threeds_result = tx.is3ds ? THREEDS_RESULT.FRICTIONLESS : ""
  tx.risk_action = "ACCEPT"
  tx.risk_score = "12"
  switch (input.outcome) {
    case "approve":
      tx.state = "authorised"
      tx.authorised_at = ctx.clock()
      tx.result_info = SUCCESS
      return
    case "decline":
      tx.state = "failed"
      tx.result_info = resultInfo("E0008", input.reason)
      return
    case "review":
      tx.state = "review"
      tx.authorised_at = ctx.clock()
      tx.result_info = REVIEW_INFO
      tx.risk_action = "REVIEW"
      tx.risk_score = "65"
      return
    case "risk_reject":
      tx.state = "failed"
      tx.result_info = resultInfo("E0009")
      tx.risk_action = "REJECT"
      tx.risk_score = "95"
      return
    case "challenge":
      if (!present) {
        tx.state = "authorised"
        tx.authorised_at = ctx.clock()
        tx.result_info = SUCCESS
        return
      }
      if (!input.threeDS) {
        // the issuer insists on authentication the merchant did not ask for
        tx.state = "failed"
        tx.result_info = resultInfo(
          "E0010",
          "3-D Secure authentication required, open3d was not do3DS"
        )
        return
      }
      tx.state = "pending_3ds"
      tx.result_info = PENDING_INFO
      tx.threeds_result = THREEDS_RESULT.CHALLENGE_PENDING
      tx.after_challenge = "authorised"
      tx.challenge_token = ctx.store.newBrowserToken(tx, "challenge")
      return
  }
}

/** The end of a 3-D Secure challenge. Only a pending transaction moves. */
export function completeChallenge(
  ctx: SandboxContext,
  tx: Transaction,
  passed: boolean
): boolean {
  if (tx.state !== "pending_3ds") return false
  tx.updated_at = ctx.clock()
  if (passed) {
    tx.state = tx.after_challenge ?? "authorised"
    tx.authorised_at = ctx.clock()
    tx.result_info = tx.state === "review" ? REVIEW_INFO : SUCCESS
    tx.threeds_result = THREEDS_RESULT.AUTHENTICATED
  } else {
    tx.state = "failed"
    tx.result_info = resultInfo("E0010")
    tx.threeds_result = THREEDS_RESULT.FAILED
  }
  const vault = ctx.store.ledger(tx).storedCards
  const held = vault.release(tx.transaction_id)
  if (held && isAuthorized(tx)) tx.token_id = vault.store(held)
  return true
}

export function issuerUrl(ctx: SandboxContext, tx: Transaction): string {
  return `${ctx.baseUrl()}/3ds/challenge/${tx.challenge_token}`
}

/** Starts the subscription a successful first payment carries. */
export function startSubscription(
  ctx: SandboxContext,
  tx: Transaction,
  input: unknown
): void {
  if (!input || typeof input !== "object" || tx.state === "failed") return
  const sub = input as Record<string, unknown>
  const contractName =
    typeof sub.contract_name === "string" ? sub.contract_name : ""
  if (contractName === "") return
  const interval =
    typeof sub.interval === "string" && sub.interval !== ""
      ? sub.interval
      : "month"
  const count = Number(sub.interval_count ?? 1) || 1
  const next = addInterval(ctx.clock(), interval, count)
  const subscription: Subscription = {
    contract_name: contractName,
    recurring_id: ctx.store.newReference("RC"),
    recurring_deduction_period: `${count} ${interval}`,
    recurring_deduction_time: localDateTime(next),
    cancelled: false,
    contract_amount: contractAmount(sub.contract_amount, tx),
    interval,
    interval_count: count,
    billing_cycle: Math.max(0, Math.trunc(Number(sub.billing_cycle ?? 0)) || 0),
    deductions: [],
  }
  tx.subscription = subscription
  ctx.store
    .ledger(tx)
    .subscriptions.set(subscription.recurring_id, tx.transaction_id)
}

/** The order's contract_amount when it is an amount of the payment's currency, else the payment's amount. */
function contractAmount(value: unknown, tx: Transaction): string {
  if (typeof value !== "string" || value === "") return tx.amount
  try {
    return parseAmount(value, tx.currency, "contract_amount").gt(0)
      ? value
      : tx.amount
  } catch {
    return tx.amount
  }
}

export function addInterval(from: Date, interval: string, count: number): Date {
  const next = new Date(from.getTime())
  switch (interval.toLowerCase()) {
    case "day":
      next.setUTCDate(next.getUTCDate() + count)
      break
    case "week":
      next.setUTCDate(next.getUTCDate() + 7 * count)
      break
    case "year":
      next.setUTCFullYear(next.getUTCFullYear() + count)
      break
    default:
      next.setUTCMonth(next.getUTCMonth() + count)
  }
  return next
}
