/** The wire request of a stored payout: the same one, with the same request_id, every time it is sent. */
import type { PayoutRequestInput } from "../gateway/index"
import type { StoredPayout } from "./payout-store"

export function payoutRequest(
  payout: StoredPayout,
  notify_url: string
): PayoutRequestInput {
  const optional = {
    payer: payout.payer ?? undefined,
    beneficiary_id: payout.beneficiary_id ?? undefined,
    source_amount: payout.source_amount ?? undefined,
    source_currency: payout.source_currency ?? undefined,
    payment_date: payout.payment_date ?? undefined,
    payment_method: payout.payment_method ?? undefined,
    swift_charge_option: payout.swift_charge_option ?? undefined,
    fund_source: payout.fund_source ?? undefined,
    fee_paid_by: payout.fee_paid_by ?? undefined,
    reason: payout.reason ?? undefined,
    reference: payout.reference ?? undefined,
    client_data: payout.client_data ?? undefined,
  }
  return {
    request_id: payout.request_id,
    beneficiary: payout.beneficiary,
    payment_amount: payout.payment_amount,
    payment_currency: payout.payment_currency,
    notify_url,
    ...Object.fromEntries(
      Object.entries(optional).filter(([, value]) => value !== undefined)
    ),
  } as PayoutRequestInput
}
