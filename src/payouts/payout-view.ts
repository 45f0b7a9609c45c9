/**
 * What the admin API answers about a payout. Bank details and personal
 * identifiers are personal data: they appear only masked (the last four
 * characters), in lists and in the detail alike; the request_id and the
 * acquirer's answer appear in full.
 */
import type { PayoutDetail, PayoutRow } from "../admin-contract/payouts"
import type { StoredPayout } from "./payout-store"

export function maskTail(value: string | undefined | null): string | null {
  if (!value) return null
  const compact = value.replace(/\s+/g, "")
  return compact.length <= 4 ? "••••" : `••••${compact.slice(-4)}`
}

function name(party: {
  company_name?: string
  first_name?: string
  last_name?: string
}): string | null {
  const person = [party.first_name, party.last_name].filter(Boolean).join(" ")
  return party.company_name || person || null
}

function common(payout: StoredPayout) {
  return {
    id: payout.id,
    provider_id: payout.provider_id,
    request_id: payout.request_id,
    status: payout.status,
    beneficiary_name: payout.beneficiary_name,
    beneficiary_account: payout.beneficiary_account_last4
      ? `••••${payout.beneficiary_account_last4}`
      : null,
    payment_amount: payout.payment_amount,
    payment_currency: payout.payment_currency,
    payment_date: payout.payment_date,
    payment_method: payout.payment_method,
    reference: payout.reference,
    transaction_id: payout.transaction_id,
    short_reference_id: payout.short_reference_id,
    failure_type: payout.failure_type,
    failure_reason: payout.failure_reason,
    created_at: isoTime(payout.created_at),
    updated_at: isoTime(payout.updated_at),
  }
}

/** As JSON writes a Date, so the answer's type says what the admin receives. */
const isoTime = (at: Date | string): string => new Date(at).toISOString()
const isoTimeOrNull = (at: Date | string | null | undefined): string | null =>
  at ? isoTime(at) : null

export function payoutListView(payout: StoredPayout): PayoutRow {
  return common(payout)
}

export function payoutDetailView(payout: StoredPayout): PayoutDetail {
  const b = payout.beneficiary ?? {}
  const bank = b.bank_details ?? {}
  const payer = payout.payer
  return {
    ...common(payout),
    idempotency_key: payout.idempotency_key,
    account: payout.account,
    source_amount: payout.source_amount,
    source_currency: payout.source_currency,
    swift_charge_option: payout.swift_charge_option,
    fund_source: payout.fund_source,
    fee_paid_by: payout.fee_paid_by,
    reason: payout.reason,
    client_data: payout.client_data,
    beneficiary: {
      entity_type: b.entity_type ?? null,
      name: name(b),
      beneficiary_id: maskTail(payout.beneficiary_id),
      country_code: b.address?.country_code ?? null,
      bank_name: bank.bank_name ?? null,
      bank_country_code: bank.bank_country_code ?? null,
      swift_code: bank.swift_code ?? null,
      account_currency: bank.account_currency ?? null,
      account_number: maskTail(bank.account_number),
      iban: maskTail(bank.iban),
      personal_id_number: maskTail(b.additional_info?.personal_id_number),
    },
    payer: payer
      ? {
          entity_type: payer.entity_type ?? null,
          name: name(payer),
          country_code: payer.address?.country_code ?? null,
          business_registration_number: maskTail(
            payer.additional_info?.business_registration_number
          ),
          personal_id_number: maskTail(
            payer.additional_info?.personal_id_number
          ),
        }
      : null,
    answer: {
      transaction_id: payout.transaction_id,
      short_reference_id: payout.short_reference_id,
      status: payout.status,
      fee_amount: payout.fee_amount,
      fee_currency: payout.fee_currency,
      amount_payer_pays: payout.amount_payer_pays,
      amount_beneficiary_receives: payout.amount_beneficiary_receives,
      failure_type: payout.failure_type,
      failure_reason: payout.failure_reason,
      created_at: isoTimeOrNull(payout.acquirer_created_at),
      last_updated_at: isoTimeOrNull(payout.acquirer_updated_at),
    },
    last_error: payout.last_error,
    tries: payout.tries,
    settled_at: isoTimeOrNull(payout.settled_at),
  }
}
