/**
 * The payment methods an account offers for an amount (wire contract,
 * "Payment methods", a DECISION): cards, then the device wallet, then bank
 * transfer from 100 major units. Optimise answers this list and checkout
 * accepts only a code from it, so the two never disagree.
 */
import { compareAmounts } from "../gateway/money/amount"
import { PAYMENT_METHOD } from "../gateway/statuses"

export type PaymentMethodCode =
  (typeof PAYMENT_METHOD)[keyof typeof PAYMENT_METHOD]

export interface OfferedMethod {
  payment_method: PaymentMethodCode
  display_name: string
  /** "1" is the method the service recommends first */
  rank: string
}

/** Bank transfer is offered from this many major units of the order's currency. */
export const BANK_TRANSFER_FROM_MAJOR_UNITS = 100

const METHODS: readonly OfferedMethod[] = Object.freeze([
  {
    payment_method: PAYMENT_METHOD.CARD,
    display_name: "Credit or debit card",
    rank: "1",
  },
  {
    payment_method: PAYMENT_METHOD.WALLET,
    display_name: "Digital wallet",
    rank: "2",
  },
  {
    payment_method: PAYMENT_METHOD.BANK_TRANSFER,
    display_name: "Bank transfer",
    rank: "3",
  },
])

/** The methods offered for `amount` (a wire amount string), in recommended order. */
export function offeredMethods(amount: string): OfferedMethod[] {
  const bankTransfer =
    compareAmounts(amount, BANK_TRANSFER_FROM_MAJOR_UNITS) >= 0
  return METHODS.filter(
    (m) => m.payment_method !== PAYMENT_METHOD.BANK_TRANSFER || bankTransfer
  ).map((m) => ({ ...m }))
}

/** Whether `code` is one of the methods offered for `amount`. */
export function isOffered(
  code: string,
  amount: string
): code is PaymentMethodCode {
  return offeredMethods(amount).some((m) => m.payment_method === code)
}

export function displayName(code: PaymentMethodCode): string {
  return METHODS.find((m) => m.payment_method === code)?.display_name ?? code
}
