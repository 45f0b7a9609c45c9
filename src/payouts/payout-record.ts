/**
 * A new payout row from the merchant's validated request: the request_id is
 * made here, once, before anything is sent; the display fields lists show
 * (beneficiary name, last four of the account) are taken from it. A create
 * repeating an idempotency key is compared with the key's row field by field.
 */
import { randomUUID } from "node:crypto"
import type { Beneficiary, Payer } from "../gateway/index"

export interface PayoutInput {
  provider_id: string
  /** the admin account chosen to pay; absent: the one serving the provider and currency */
  account_id?: string
  /** the client's key for this create; absent: no de-duplication */
  idempotency_key?: string
  beneficiary: Beneficiary
  payer?: Payer
  beneficiary_id?: string
  payment_amount: string
  payment_currency: string
  source_amount?: string
  source_currency?: string
  payment_date?: string
  payment_method?: string
  swift_charge_option?: string
  fund_source?: string
  fee_paid_by?: string
  reason?: string
  reference?: string
  client_data?: string
}

export function beneficiaryName(beneficiary: Beneficiary): string | null {
  const person = [beneficiary.first_name, beneficiary.last_name]
    .filter(Boolean)
    .join(" ")
  return beneficiary.company_name || person || null
}

export function accountLast4(beneficiary: Beneficiary): string | null {
  const account =
    beneficiary.bank_details?.account_number || beneficiary.bank_details?.iban
  if (!account) return null
  const compact = account.replace(/\s+/g, "")
  return compact.slice(-4)
}

// 13 digits in a row, hyphens aside, read as a card number to the log redaction, which would mask the id
const CARD_LIKE_RUN = /\d(?:-?\d){12}/

/** A UUID the log redaction never masks (about one in a hundred would be). */
export function newRequestId(): string {
  let id: string
  do id = randomUUID()
  while (CARD_LIKE_RUN.test(id))
  return id
}

export function newPayoutRecord(input: PayoutInput) {
  return {
    provider_id: input.provider_id,
    request_id: newRequestId(),
    idempotency_key: input.idempotency_key ?? null,
    status: "sending" as const,
    beneficiary: input.beneficiary,
    payer: input.payer ?? null,
    beneficiary_id: input.beneficiary_id ?? null,
    beneficiary_name: beneficiaryName(input.beneficiary),
    beneficiary_account_last4: accountLast4(input.beneficiary),
    payment_amount: input.payment_amount,
    payment_currency: input.payment_currency,
    source_amount: input.source_amount ?? null,
    source_currency: input.source_currency ?? null,
    payment_date: input.payment_date ?? null,
    payment_method: input.payment_method ?? null,
    swift_charge_option: input.swift_charge_option ?? null,
    fund_source: input.fund_source ?? null,
    fee_paid_by: input.fee_paid_by ?? null,
    reason: input.reason ?? null,
    reference: input.reference ?? null,
    client_data: input.client_data ?? null,
    tries: 0,
  }
}

export type PayoutRecord = ReturnType<typeof newPayoutRecord>

/** What the merchant asked for: a repeat with the same key must ask for the same. */
const REQUEST_FIELDS = [
  "provider_id",
  "payment_amount",
  "payment_currency",
  "source_amount",
  "source_currency",
  "payment_date",
  "payment_method",
  "swift_charge_option",
  "fund_source",
  "fee_paid_by",
  "reason",
  "reference",
  "client_data",
  "beneficiary",
  "beneficiary_id",
  "payer",
] as const satisfies readonly (keyof PayoutRecord)[]

// jsonb gives keys back in its own order, and an absent field back as null
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical)
  if (value !== null && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, inner]) => inner !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, inner]) => [key, canonical(inner)])
    )
  return value ?? null
}

/** The request fields where `record` differs from the stored payout (normalised values: "120.5" is "120.50"). */
export function differingFields(
  stored: Record<(typeof REQUEST_FIELDS)[number], unknown>,
  record: PayoutRecord
): string[] {
  return REQUEST_FIELDS.filter(
    (field) =>
      JSON.stringify(canonical(stored[field])) !==
      JSON.stringify(canonical(record[field]))
  )
}
