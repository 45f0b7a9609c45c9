/**
 * What the admin's order widget shows of a payment: result, 3-D Secure,
 * risk (action, score, reasons), card mask, refunds, review, and the account
 * and mode that took it. Never the cart snapshot, device data or shopper IP.
 */
import type { SessionData, StoredRefund } from "./session-data"
import { unsettledAttempts } from "./session-data"
import { compareAmounts, subtractAmounts } from "../gateway/index"
import { paymentAttempt } from "./transitions"
import { decisionText } from "../admin-contract/three-d-secure-rules"

export interface AdminPaymentAccount {
  id: string | null
  name: string | null
  mode: "test" | "live"
}

export interface AdminPaymentView {
  id: string
  provider_id: string
  /** the plugin's status of the payment (authorized, captured, canceled…) */
  status: NonNullable<SessionData["status"]>
  result: { code: string; text: string } | null
  /** the acquirer's 3-D Secure result, and what the paying attempt asked and why ("3-D Secure asked: above 250.00 EUR (rule 1)") */
  three_ds: { result: string | null; decision: string | null }
  /** the statement descriptor the paying attempt sent */
  descriptor: string | null
  risk: { action: string | null; score: string | null; reasons: string[] }
  card_masked: string | null
  payment_method: string | null
  transfer_awaited_since: string | null
  amount: string | null
  currency: string | null
  /** what the acquirer captured, once captured */
  captured_amount: string | null
  /** what a partial capture left authorised, which the acquirer released */
  released_amount: string | null
  refunds: StoredRefund[]
  review: NonNullable<SessionData["review"]> | null
  account: AdminPaymentAccount
  transaction_id: string | null
  order_no: string | null
  /** an order cancellation's void still awaits the acquirer's confirmation */
  void_pending: boolean
  /** an attempt's outcome is being confirmed with the acquirer */
  confirming: boolean
  /** paid with the customer's saved card, or kept the card for them */
  saved_card: { id: string; kept: boolean; paid_with: boolean } | null
}

/** "velocity_check: REVIEW" from the acquirer's reason entries. */
function reasonText(reason: { name?: string; status?: string }): string {
  return [reason.name, reason.status].filter(Boolean).join(": ")
}

/** What was captured and what the acquirer released of a captured payment (it captures once). */
function capturedParts(
  data: SessionData
): Pick<AdminPaymentView, "captured_amount" | "released_amount"> {
  if (data.status !== "captured" || !data.amount || !data.currency)
    return { captured_amount: null, released_amount: null }
  const captured = data.captured_amount ?? data.amount
  return {
    captured_amount: captured,
    released_amount:
      compareAmounts(captured, data.amount) < 0
        ? subtractAmounts(data.amount, captured, data.currency)
        : null,
  }
}

function decisionOf(data: SessionData): string | null {
  const decided = paymentAttempt(data)?.three_d_secure
  return decided ? decisionText(decided) : null
}

export function adminView(
  payment: { id: string; provider_id: string },
  data: SessionData,
  account: AdminPaymentAccount
): AdminPaymentView {
  return {
    id: payment.id,
    provider_id: payment.provider_id,
    status: data.status ?? "pending",
    result: data.result
      ? { code: data.result.code, text: data.result.text }
      : null,
    three_ds: {
      result: data.three_ds?.result ?? null,
      decision: decisionOf(data),
    },
    descriptor: paymentAttempt(data)?.descriptor ?? null,
    risk: {
      action: data.risk?.action ?? null,
      score: data.risk?.score ?? null,
      reasons: (data.risk?.reasons ?? []).map(reasonText).filter(Boolean),
    },
    card_masked: data.card_masked ?? null,
    payment_method: data.payment_method ?? null,
    transfer_awaited_since:
      paymentAttempt(data)?.state === "awaiting_transfer"
        ? (paymentAttempt(data)?.at ?? null)
        : null,
    amount: data.amount ?? null,
    currency: data.currency ?? null,
    ...capturedParts(data),
    refunds: (data.refunds ?? []).map((r) => ({
      refund_reference_id: r.refund_reference_id,
      amount: r.amount,
    })),
    review: data.review ?? null,
    account,
    transaction_id: data.transaction_id ?? null,
    order_no: data.order_no ?? null,
    void_pending: data.void_pending === true,
    confirming: unsettledAttempts(data).length > 0,
    saved_card: data.saved_card?.id
      ? {
          id: data.saved_card.id,
          kept: data.saved_card.keep === true,
          paid_with: data.saved_card.paid_with === true,
        }
      : null,
  }
}

/** Names of the view's fields whose value differs: what a sync changed. */
export function changedFields(
  before: AdminPaymentView,
  after: AdminPaymentView
): string[] {
  return (Object.keys(after) as (keyof AdminPaymentView)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key])
  )
}
