/**
 * A subscription's deductions (wire contract DECISION, "Subscription
 * deductions"): each try is a transaction of its own on the first payment's
 * card, order_no `<first>-R<n>`, captured at once when approved, and a
 * RECURRING notification to the first payment's notify_url. A declined
 * deduction is tried again twice (retry_number 1, 2) under its number;
 * after the last declined try the subscription ends with one more
 * notification, E0013. Only the control surface makes them, at once: the
 * sandbox keeps no calendar (a try may be dated days later, as a retry is).
 */
import { deductionOrderNo } from "../gateway/deduction-order-no"
import { addInterval } from "./authorization"
import { localDateTime, DAY_MS } from "./clock-format"
import type { SandboxContext } from "./context"
import { resultInfo, SUCCESS, type ResultCode } from "./result-codes"
import { notifyOutcome, paymentIdentity } from "./results"
import type { DeductionTry, Subscription, Transaction } from "./transactions"

/** How the card answers a deduction's try. */
export const DEDUCTION_OUTCOMES = ["approved", "declined", "lapsed"] as const
export type DeductionOutcome = (typeof DEDUCTION_OUTCOMES)[number]

/** Tries of one deduction: the first and two retries (1 and 3 days later at a real service). */
export const TRIES_PER_DEDUCTION = 3

const DECLINE_CODES: Record<
  Exclude<DeductionOutcome, "approved">,
  ResultCode
> = { declined: "E0008", lapsed: "E0011" }

/** The furthest a try may be dated after now (`after_days`): a year. */
export const MAX_AFTER_DAYS = 366

/** What refuses a deduction: the subscription's state (409). */
export class DeductionRefusal extends Error {}

export interface SubscriptionOf {
  first: Transaction
  subscription: Subscription
}

/** The next try: a declined deduction's retry while it has tries left, else the next deduction. */
export function nextTry(subscription: Subscription): {
  deduction_number: number
  retry_number: number
} {
  const last = subscription.deductions.at(-1)
  if (!last) return { deduction_number: 1, retry_number: 0 }
  if (!last.approved && last.retry_number < TRIES_PER_DEDUCTION - 1)
    return {
      deduction_number: last.deduction_number,
      retry_number: last.retry_number + 1,
    }
  return { deduction_number: last.deduction_number + 1, retry_number: 0 }
}

/** Makes the subscription's next try at once and notifies it; throws a DeductionRefusal. */
export function makeDeduction(
  ctx: SandboxContext,
  { first, subscription }: SubscriptionOf,
  outcome: DeductionOutcome,
  afterDays = 0
): { tx: Transaction; attempt: DeductionTry } {
  if (subscription.cancelled)
    throw new DeductionRefusal(
      `subscription ${subscription.recurring_id} is cancelled`
    )
  if (subscription.ended_at)
    throw new DeductionRefusal(
      `subscription ${subscription.recurring_id} ended after failed deductions`
    )
  const { deduction_number, retry_number } = nextTry(subscription)
  if (
    subscription.billing_cycle > 0 &&
    deduction_number > subscription.billing_cycle
  )
    throw new DeductionRefusal(
      `subscription ${subscription.recurring_id} made all of its ${subscription.billing_cycle} deductions`
    )

  // a retry a real service makes days after the declined try: its time, and the next one it announces, move on
  const now = new Date(ctx.clock().getTime() + afterDays * DAY_MS)
  const approved = outcome === "approved"
  // a payment of its own on the first payment's card: the first's identity, shopper and card, nothing of its browser pages
  const tx: Transaction = {
    transaction_id: ctx.store.newTransactionId(),
    reference_no: ctx.store.newReference("REF"),
    merchant_id: first.merchant_id,
    account_id: first.account_id,
    order_no: deductionOrderNo(
      first.order_no,
      deduction_number,
      ctx.deductionInfix
    ),
    currency: first.currency,
    amount: subscription.contract_amount,
    channel: "direct",
    payment_method: first.payment_method,
    state: approved ? "captured" : "failed",
    result_info: approved ? SUCCESS : resultInfo(DECLINE_CODES[outcome]),
    captured_amount: approved ? subscription.contract_amount : undefined,
    refunds: [],
    chargebacks: [],
    card_masked: first.card_masked,
    risk_action: "",
    risk_score: "",
    threeds_result: "",
    is3ds: false,
    notify_url: first.notify_url,
    return_url: first.return_url,
    cancel_url: first.cancel_url,
    website: first.website,
    note: first.note,
    // each deduction is billed as the first payment was
    descriptor: first.descriptor,
    keep_card: false,
    token_id: first.token_id,
    shopper_email: first.shopper_email,
    first_name: first.first_name,
    last_name: first.last_name,
    authorised_at: approved ? now : undefined,
    created_at: now,
    updated_at: now,
  }
  ctx.store.ledger(first).add(tx)
  const attempt: DeductionTry = {
    deduction_number,
    retry_number,
    transaction_id: tx.transaction_id,
    approved,
  }
  subscription.deductions.push(attempt)
  if (approved || retry_number === 0)
    subscription.recurring_deduction_time = localDateTime(
      addInterval(now, subscription.interval, subscription.interval_count)
    )
  notifyDeduction(ctx, tx, subscription, attempt)

  if (!approved && retry_number === TRIES_PER_DEDUCTION - 1) {
    subscription.ended_at = now
    tx.result_info = resultInfo("E0013")
    notifyDeduction(ctx, tx, subscription, attempt)
  }
  return { tx, attempt }
}

function notifyDeduction(
  ctx: SandboxContext,
  tx: Transaction,
  subscription: Subscription,
  attempt: DeductionTry
) {
  notifyOutcome(ctx, tx, "RECURRING", {
    contract_name: subscription.contract_name,
    recurring_id: subscription.recurring_id,
    recurring_deduction_period: subscription.recurring_deduction_period,
    recurring_deduction_time: subscription.recurring_deduction_time,
    deduction_number: String(attempt.deduction_number),
    retry_number: String(attempt.retry_number),
  })
}

/** A subscription by its recurring_id, in any account. */
export function findSubscription(
  ctx: SandboxContext,
  recurringId: string
): SubscriptionOf | undefined {
  for (const ledger of ctx.store.allLedgers()) {
    const id = ledger.subscriptions.get(recurringId)
    const first = id === undefined ? undefined : ledger.transactions.get(id)
    if (first?.subscription) return { first, subscription: first.subscription }
  }
  return undefined
}

/** The control surface's view: the subscription, its first payment and every try. */
export function subscriptionView(
  ctx: SandboxContext,
  { first, subscription }: SubscriptionOf
): Record<string, unknown> {
  const ledger = ctx.store.ledger(first)
  return {
    ...paymentIdentity(first),
    contract_name: subscription.contract_name,
    recurring_id: subscription.recurring_id,
    contract_amount: subscription.contract_amount,
    recurring_deduction_period: subscription.recurring_deduction_period,
    recurring_deduction_time: subscription.recurring_deduction_time,
    billing_cycle: subscription.billing_cycle,
    status: subscription.cancelled
      ? "cancelled"
      : subscription.ended_at
        ? "ended"
        : "active",
    deductions: subscription.deductions.map((attempt) => {
      const tx = ledger.transactions.get(attempt.transaction_id)
      return {
        ...attempt,
        order_no: tx?.order_no,
        amount: tx?.amount,
        result_info: tx?.result_info,
      }
    }),
  }
}
