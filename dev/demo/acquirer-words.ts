/**
 * The demo's words for what the acquirer and Medusa answered. Codes are read
 * through the gateway's own tables (src/gateway/statuses.ts), so the demo
 * keeps no second list of meanings; the code itself follows in brackets for
 * a reader who looks it up in the wire contract.
 */
import {
  ERROR_CODE_MEANINGS,
  SUCCESS_CODE,
  formatAmount,
  interpretPaymentStatus,
  type AmountInput,
  type ErrorCode,
  type PaymentOutcome,
  type ResultInfo,
} from "../../src/gateway"

/** "25.00 USD": the currency's own minor digits, from a decimal string or Medusa's number. */
export function money(amount: AmountInput, currency: string): string {
  return `${formatAmount(amount, currency)} ${currency.toUpperCase()}`
}

/** A snake_case state read aloud: "partially_refunded" → "partially refunded". */
export function inWords(state: string): string {
  return state.replace(/_/g, " ")
}

function isErrorCode(code: string): code is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERROR_CODE_MEANINGS, code)
}

/** A `<code>:<text>` result: "approved by the acquirer (code 0000)", "declined by issuer (code E0008)". */
export function describeResult({ code, text }: ResultInfo): string {
  if (code === SUCCESS_CODE) return `approved by the acquirer (code ${code})`
  const meaning = isErrorCode(code)
    ? ERROR_CODE_MEANINGS[code]
    : text || "refused without a reason"
  return `${meaning} (code ${code || "none"})`
}

/** What a payment_status code means, through the gateway's interpreter. */
export function paymentOutcome(code: string): PaymentOutcome {
  return interpretPaymentStatus(code)
}

/** "partly refunded (payment status 4100)". */
export function describePaymentStatus(code: string): string {
  return `${inWords(paymentOutcome(code))} (payment status ${code})`
}

/** "payment status 4100 = partly refunded", for inside brackets. */
export function paymentStatusNote(code: string): string {
  return `payment status ${code} = ${inWords(paymentOutcome(code))}`
}
