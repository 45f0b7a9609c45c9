/** A chargeback as the status query lists it, as the plugin's row: amounts in the currency's digits, wire times (UTC) as dates. */
import { generateEntityId } from "@medusajs/framework/utils"
import {
  currencyDigits,
  parseAmount,
  type Chargeback,
  type QueryEntry,
} from "../gateway/index"
import type { ChargebackInput } from "../modules/acquiring/service"

/** `YYYYMMDDHHMMSS` in UTC; null when absent or not a date. */
export function wireTime(text: string | undefined): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text ?? "")
  if (!m) return null
  const [, y, mo, d, h, mi, s] = m.map(Number)
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s))
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? date : null
}

/** `<code>:<text>` split once; a reason without a colon is all text. */
export function splitReason(reason: string | undefined): {
  reason_code: string | null
  reason_text: string | null
} {
  const value = reason?.trim() ?? ""
  if (!value) return { reason_code: null, reason_text: null }
  const at = value.indexOf(":")
  if (at < 0) return { reason_code: null, reason_text: value }
  return {
    reason_code: value.slice(0, at).trim() || null,
    reason_text: value.slice(at + 1).trim() || null,
  }
}

export interface ChargebackOwner {
  provider_id: string
  payment_id: string | null
  session_id: string | null
  /** the payment's currency, when the entry does not state it */
  currency: string | null
}

/** The row to keep; throws InvalidInputError (the caller logs and skips) on an amount the currency cannot hold. */
export function chargebackRow(
  owner: ChargebackOwner,
  entry: QueryEntry,
  chargeback: Chargeback
): ChargebackInput {
  const currency = (entry.currency || owner.currency || "").toUpperCase()
  const digits = currencyDigits(currency)
  return {
    id: generateEntityId(undefined, "acqcb"),
    reference: chargeback.chargeback_reference,
    provider_id: owner.provider_id,
    order_no: entry.order_no ?? "",
    transaction_id: entry.transaction_id || null,
    payment_id: owner.payment_id,
    session_id: owner.session_id,
    currency,
    amount: parseAmount(
      chargeback.chargeback_amount,
      currency,
      "chargeback_amount"
    ).toFixed(digits),
    payment_amount: entry.amount
      ? parseAmount(entry.amount, currency).toFixed(digits)
      : null,
    ...splitReason(chargeback.chargeback_reason),
    status: chargeback.chargeback_status,
    opened_at: wireTime(chargeback.chargeback_date),
    respond_by: wireTime(chargeback.respond_by),
  }
}
