/** Answers of /admin/acquiring/payouts: what the server sends and the admin reads (personal data masked). */
export type PayoutStatus =
  "sending" | "unknown" | "PENDING" | "COMPLETED" | "FAILED"

export interface PayoutRow {
  id: string
  provider_id: string
  request_id: string
  status: PayoutStatus
  beneficiary_name: string | null
  beneficiary_account: string | null
  payment_amount: string
  payment_currency: string
  payment_date: string | null
  payment_method: string | null
  reference: string | null
  transaction_id: string | null
  short_reference_id: string | null
  failure_type: string | null
  failure_reason: string | null
  created_at: string
  updated_at: string
}

export interface PayoutDetail extends PayoutRow {
  /** the client's key of the create that made it, if it sent one */
  idempotency_key: string | null
  /** the admin account it was sent with (id null: medusa-config alone); null on older payouts */
  account: { id: string | null; mode: "test" | "live" } | null
  source_amount: string | null
  source_currency: string | null
  swift_charge_option: string | null
  fund_source: string | null
  fee_paid_by: string | null
  reason: string | null
  client_data: string | null
  beneficiary: {
    entity_type: string | null
    name: string | null
    beneficiary_id: string | null
    country_code: string | null
    bank_name: string | null
    bank_country_code: string | null
    swift_code: string | null
    account_currency: string | null
    account_number: string | null
    iban: string | null
    personal_id_number: string | null
  }
  payer: {
    entity_type: string | null
    name: string | null
    country_code: string | null
    business_registration_number: string | null
    personal_id_number: string | null
  } | null
  answer: {
    transaction_id: string | null
    short_reference_id: string | null
    status: PayoutStatus
    fee_amount: string | null
    fee_currency: string | null
    amount_payer_pays: string | null
    amount_beneficiary_receives: string | null
    failure_type: string | null
    failure_reason: string | null
    created_at: string | null
    last_updated_at: string | null
  }
  last_error: string | null
  tries: number
  settled_at: string | null
}

export interface PayoutList {
  payouts: PayoutRow[]
  count: number
  limit: number
  offset: number
}
