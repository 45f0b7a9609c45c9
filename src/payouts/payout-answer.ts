/**
 * What a verified payout answer (the direct answer, a status query, a
 * notification) writes on the payout. Amounts arrive as numbers on the wire
 * and are read as decimal text, then written with the currency's digits.
 */
import { formatAmount, type PayoutResponse } from "../gateway/index"
import type { PayoutTransitionFields } from "../modules/acquiring/service"
import type { PayoutStatus } from "./payout-store"

const ACQUIRER_STATUSES = ["PENDING", "COMPLETED", "FAILED"] as const

export function acquirerStatus(
  answer: Pick<PayoutResponse, "status">
): PayoutStatus | undefined {
  const status = (answer.status ?? "").toUpperCase()
  return (ACQUIRER_STATUSES as readonly string[]).includes(status)
    ? (status as PayoutStatus)
    : undefined
}

function amountIn(
  value: string | undefined,
  currency: string | undefined
): string | undefined {
  if (value === undefined || value === "") return undefined
  if (!currency) return value
  try {
    return formatAmount(value, currency)
  } catch {
    // an amount the currency's digits cannot hold is kept as the acquirer wrote it
    return value
  }
}

const orNothing = (value: string | undefined) =>
  value === undefined || value === "" ? undefined : value

export function answerFields(
  answer: PayoutResponse,
  status: PayoutStatus,
  currency: string
): PayoutTransitionFields & { status: PayoutStatus } {
  const feeCurrency = orNothing(answer.fee_currency)
  return {
    status,
    transaction_id: orNothing(answer.transaction_id),
    short_reference_id: orNothing(answer.short_reference_id),
    fee_amount: amountIn(answer.fee_amount, feeCurrency ?? currency),
    fee_currency: feeCurrency,
    amount_payer_pays: amountIn(
      answer.amount_payer_pays,
      answer.source_currency || currency
    ),
    amount_beneficiary_receives: amountIn(
      answer.amount_beneficiary_receives,
      currency
    ),
    failure_type: status === "FAILED" ? orNothing(answer.failure_type) : null,
    failure_reason:
      status === "FAILED" ? orNothing(answer.failure_reason) : null,
    acquirer_created_at: orNothing(answer.created_at),
    acquirer_updated_at: orNothing(answer.last_updated_at),
    last_error: null,
  }
}
