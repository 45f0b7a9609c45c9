/**
 * Transactions of one merchant account and what each state means on the
 * wire. Amounts are decimal strings in the currency's minor digits; all
 * arithmetic goes through the gateway money module.
 */
import {
  compareAmounts,
  subtractAmounts,
  sumAmounts,
} from "../gateway/money/amount"
import type { PaymentMethodCode } from "./payment-methods"

export type TransactionState =
  | "awaiting_card" // hosted checkout opened, no card yet
  | "pending_3ds"
  | "pending_transfer" // the shopper said the bank transfer is on its way
  | "authorised"
  | "review"
  | "captured" // refunds are derived from the refund list
  | "voided"
  | "failed"

export type RiskAction = "ACCEPT" | "REVIEW" | "REJECT" | ""

export interface RefundRecord {
  refund_reference_id: string
  refund_reference: string
  refund_amount: string
  refund_reason: string
  refund_status: "1"
  refund_date: Date
  refund_processing_date: Date
}

/** OPEN moves once, to WON (the merchant keeps the money) or LOST (it goes back to the card holder). */
export type ChargebackStatus = "OPEN" | "WON" | "LOST"

/** A chargeback raised by the card holder's bank (wire contract DECISION, "Chargebacks"). */
export interface ChargebackRecord {
  chargeback_reference: string
  chargeback_amount: string
  /** `<code>:<text>` */
  chargeback_reason: string
  chargeback_status: ChargebackStatus
  chargeback_date: Date
  respond_by: Date
  /** when it was won or lost */
  decided_at?: Date
}

export interface Subscription {
  contract_name: string
  recurring_id: string
  recurring_deduction_period: string
  recurring_deduction_time: string
  cancelled: boolean
  /** what each deduction takes; the first payment's amount when the order named none */
  contract_amount: string
  interval: string
  interval_count: number
  /** deductions at most; 0: until cancelled */
  billing_cycle: number
  /** every try of every deduction, oldest first */
  deductions: DeductionTry[]
  /** ended by the service after a deduction's last declined try (E0013) */
  ended_at?: Date
}

/** One try of a subscription's deduction: a transaction of its own, order_no `<first>-R<n>`. */
export interface DeductionTry {
  deduction_number: number
  /** 0 for the first try, then 1 and 2 */
  retry_number: number
  transaction_id: string
  approved: boolean
}

export interface Transaction {
  transaction_id: string
  reference_no: string
  merchant_id: string
  account_id: string
  order_no: string
  currency: string
  amount: string
  channel: "direct" | "hosted"
  /** the method that paid, or the one the hosted page is open on; a direct payment is CARD */
  payment_method: PaymentMethodCode
  /** the checkout's payment_method: the only method its hosted page takes; absent: every offered one */
  requested_payment_method?: PaymentMethodCode
  state: TransactionState
  result_info: string
  captured_amount?: string
  refunds: RefundRecord[]
  /** raised against the captured payment, oldest first */
  chargebacks: ChargebackRecord[]
  card_masked: string
  risk_action: RiskAction
  risk_score: string
  threeds_result: string
  is3ds: boolean
  /** the state to reach once a 3-D Secure challenge passes */
  after_challenge?: "authorised" | "review"
  challenge_token?: string
  checkout_token?: string
  checkout_signature?: string
  notify_url: string
  return_url: string
  cancel_url: string
  website: string
  note: string
  /** the statement descriptor the order asked for; "" for the sandbox's own */
  descriptor: string
  /** the order's token_flag was YES: keep the card once authorised */
  keep_card: boolean
  /** MOTO (staff typed the card on the hosted page) or MIT (the merchant charged a stored card); "" for e-commerce */
  order_type?: OrderType
  /** the token of the card this payment stored; "" when it stored none */
  token_id: string
  shopper_email: string
  first_name: string
  last_name: string
  subscription?: Subscription
  /** the checkout order's subscription object: started once the card typed on the hosted page is approved */
  subscription_asked?: unknown
  /** when the issuer approved the payment (also when held for review); the authorisation lapses from here */
  authorised_at?: Date
  /** the authorisation lapsed uncaptured (state voided): when, and after how many days */
  lapsed?: { at: Date; after_days: number }
  /** when the shopper said the bank transfer was sent (state pending_transfer); its lifetime runs from here */
  transfer_awaited_at?: Date
  /** the awaited transfer never arrived (state failed, E0012): when it lapsed */
  transfer_lapsed_at?: Date
  created_at: Date
  updated_at: Date
}

/** payment_status of the wire contract: an open chargeback reads 5000, a lost one 5100, before refunds. */
export function paymentStatus(tx: Transaction): string {
  switch (tx.state) {
    case "failed":
      // a transfer that never arrived released the order: cancelled, not declined
      return tx.transfer_lapsed_at ? "1100" : "1000"
    case "voided":
      return "1100"
    case "authorised":
      return "2000"
    case "awaiting_card":
    case "pending_3ds":
    case "pending_transfer":
      return "2100"
    case "review":
      return "2200"
    case "captured": {
      if (hasChargeback(tx, "OPEN")) return "5000"
      if (hasChargeback(tx, "LOST")) return "5100"
      if (tx.refunds.length === 0) return "3000"
      return compareAmounts(refundableAmount(tx), 0) === 0 ? "4000" : "4100"
    }
  }
}

/** order_status of the wire contract: 1 authorised or paid, 0 failed or voided, -1 pending, -2 review. */
export function orderStatus(tx: Transaction): string {
  switch (tx.state) {
    case "authorised":
    case "captured":
      return "1"
    case "awaiting_card":
    case "pending_3ds":
    case "pending_transfer":
      return "-1"
    case "review":
      return "-2"
    case "failed":
    case "voided":
      return "0"
  }
}

export function refundedAmount(tx: Transaction): string {
  return sumAmounts(
    tx.refunds.map((r) => r.refund_amount),
    tx.currency
  )
}

/**
 * What may still be refunded: the captured amount less every refund and
 * every lost chargeback (that money already went back to the card holder).
 */
export function refundableAmount(tx: Transaction): string {
  if (tx.state !== "captured" || tx.captured_amount === undefined)
    return sumAmounts([], tx.currency)
  return subtractAmounts(
    tx.captured_amount,
    sumAmounts(
      [refundedAmount(tx), chargebackAmount(tx, ["LOST"])],
      tx.currency
    ),
    tx.currency
  )
}

export function hasChargeback(
  tx: Transaction,
  status: ChargebackStatus
): boolean {
  return tx.chargebacks.some((c) => c.chargeback_status === status)
}

/** The sum of the transaction's chargebacks in the given statuses. */
export function chargebackAmount(
  tx: Transaction,
  statuses: readonly ChargebackStatus[]
): string {
  return sumAmounts(
    tx.chargebacks
      .filter((c) => statuses.includes(c.chargeback_status))
      .map((c) => c.chargeback_amount),
    tx.currency
  )
}

/** `<transaction_id>-01`, `-02`, … */
export function nextRefundReferenceId(tx: Transaction): string {
  return `${tx.transaction_id}-${String(tx.refunds.length + 1).padStart(2, "0")}`
}

/** Staff-entered and merchant-initiated payments (wire contract DECISION): never challenged for 3-D Secure. */
export const ORDER_TYPES = ["MOTO", "MIT"] as const
export type OrderType = (typeof ORDER_TYPES)[number]
