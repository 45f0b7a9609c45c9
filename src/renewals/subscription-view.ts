/**
 * A subscription as people manage it: what the acquirer reports of it (the
 * contract, its price, its next deduction), where it stands, the renewal
 * orders its deductions made and the tries that failed. One shape for the
 * admin and the customer; the customer's leaves out the payment and the
 * acquirer's codes.
 */
import type { AcquiringDeductionRow } from "../modules/acquiring/types"
import type { SessionData } from "../payment-sessions/session-data"
import { declineReason } from "./decline-notices"
import type {
  AdminSubscriptionView,
  OrderRef,
  SubscriptionStatus,
  SubscriptionView,
} from "../admin-contract/subscriptions"

export type { AdminSubscriptionView, OrderRef, SubscriptionView }

export interface SubscriptionFacts {
  first: SessionData
  payment_id: string
  provider_id: string
  first_order: OrderRef
  started_at: string | null
  deductions: AcquiringDeductionRow[]
  /** the renewal orders' display ids by order id */
  renewal_orders: Map<string, number | null>
}

function statusOf(facts: SubscriptionFacts): SubscriptionStatus {
  const cancellation = facts.first.subscription?.cancellation?.state
  if (cancellation === "cancelled") return "cancelled"
  if (facts.deductions.some((d) => d.status === "ended")) return "ended"
  if (cancellation === "sent" || cancellation === "unknown") return "cancelling"
  return "active"
}

/** Tries the acquirer reported failed: every declined try, and the declined tries before a paid retry. */
function failedTries(deductions: AcquiringDeductionRow[]): number {
  return deductions.reduce(
    (sum, d) =>
      sum + (d.status === "paid" ? d.retry_number : d.retry_number + 1),
    0
  )
}

export function adminSubscriptionView(
  facts: SubscriptionFacts
): AdminSubscriptionView {
  const sub = facts.first.subscription
  const asked = sub?.order
  const byNumber = [...facts.deductions].sort(
    (a, b) => a.deduction_number - b.deduction_number
  )
  const status = statusOf(facts)
  const announced = [...byNumber]
    .reverse()
    .find((d) => d.next_deduction_time)?.next_deduction_time
  const declined = [...byNumber].reverse().find((d) => d.status !== "paid")
  return {
    id: sub?.recurring_id ?? "",
    contract_name: sub?.contract_name ?? asked?.contract_name ?? null,
    contract: asked?.contract ?? null,
    amount: asked?.contract_amount ?? facts.first.amount ?? null,
    currency: facts.first.currency ?? null,
    interval: asked?.interval ?? null,
    interval_count: asked?.interval_count ?? null,
    billing_cycle: asked?.billing_cycle ?? null,
    status,
    next_deduction_at:
      status === "active" ? (announced ?? sub?.deduction_time ?? null) : null,
    first_order: facts.first_order,
    started_at: facts.started_at,
    renewals: byNumber
      .filter((d) => d.status === "paid" && d.order_id && d.ordered_at)
      .map((d) => ({
        id: d.order_id!,
        display_id: facts.renewal_orders.get(d.order_id!) ?? null,
        deduction_number: d.deduction_number,
        amount: d.amount,
        currency: d.currency,
      })),
    failed_tries: failedTries(byNumber),
    last_decline: declined
      ? {
          deduction_number: declined.deduction_number,
          reason: declineReason(declined),
          code: declined.result_code,
        }
      : null,
    payment_id: facts.payment_id,
    provider_id: facts.provider_id,
  }
}

/** What the customer who subscribed sees: no payment, provider or acquirer code. */
export function customerSubscriptionView(
  facts: SubscriptionFacts
): SubscriptionView {
  const {
    payment_id: _payment,
    provider_id: _provider,
    last_decline,
    ...view
  } = adminSubscriptionView(facts)
  return {
    ...view,
    last_decline: last_decline
      ? {
          deduction_number: last_decline.deduction_number,
          reason: last_decline.reason,
        }
      : null,
  }
}
