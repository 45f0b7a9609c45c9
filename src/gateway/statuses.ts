/**
 * Wire status codes and their meanings (wire-contract.md, "Statuses").
 * Most meanings are [ANALOG] or [DECISION] there, so the two interpreters
 * take a partial code → meaning table that replaces or extends the default.
 */
import { InvalidInputError } from "./errors"

export const ORDER_STATUS = Object.freeze({
  AUTHORIZED: "1",
  FAILED: "0",
  /** 3-D Secure challenge or still processing */
  PENDING: "-1",
  /** held for risk review */
  REVIEW: "-2",
} as const)

export const PAYMENT_STATUS = Object.freeze({
  FAILED: "1000",
  CANCELED: "1100",
  /** authorised, awaiting capture */
  AUTHORIZED: "2000",
  PENDING: "2100",
  REVIEW: "2200",
  /** paid (captured) */
  CAPTURED: "3000",
  REFUNDED: "4000",
  PARTLY_REFUNDED: "4100",
  /** a chargeback is open: the amount is withheld from the merchant */
  DISPUTED: "5000",
  /** a chargeback was lost: the amount went back to the card holder */
  CHARGED_BACK: "5100",
} as const)

export const QUERY_RESULT = Object.freeze({
  FOUND: "1",
  NOT_FOUND: "2",
  PARAMETERS_INCOMPLETE: "3",
  TOO_MANY_ORDERS: "4",
  ACCESS_ERROR: "5",
  SIGNATURE_ERROR: "6",
  IP_NOT_REGISTERED: "7",
  OTHER: "999",
} as const)

/** Message-level return_status of batch, query and refund-search responses. */
export const RETURN_STATUS = Object.freeze({
  ACCEPTED: "1",
  REJECTED: "0",
} as const)

/** capture_status / cancel_status / review_status / refund_status of one entry. */
export const ENTRY_STATUS = Object.freeze({ DONE: "1", REFUSED: "0" } as const)

/** review_flag of a review request: release the held payment, or reject (void) it. */
export const REVIEW_FLAG = Object.freeze({ RELEASE: "1", REJECT: "0" } as const)

export const RISK_ACTION = Object.freeze({
  ACCEPT: "ACCEPT",
  REVIEW: "REVIEW",
  REJECT: "REJECT",
} as const)

export const PAYOUT_STATUS = Object.freeze({
  PENDING: "PENDING",
  COMPLETED: "COMPLETED",
  FAILED: "FAILED",
} as const)

export const NOTIFY_TYPE = Object.freeze({
  PAYMENT: "PAYMENT",
  REVIEW: "REVIEW",
  CAPTURE: "CAPTURE",
  CANCEL: "CANCEL",
  REFUND: "REFUND",
  CHARGEBACK: "CHARGEBACK",
  /** a subscription's deduction (wire contract DECISION, "Subscription deductions") */
  RECURRING: "RECURRING",
} as const)

/** A chargeback's status (wire contract DECISION): OPEN moves once, to WON or LOST. */
export const CHARGEBACK_STATUS = Object.freeze({
  OPEN: "OPEN",
  WON: "WON",
  LOST: "LOST",
} as const)

/**
 * Payment methods of optimise and the hosted page (wire contract DECISION,
 * "Payment methods"). Other codes may appear: they are passed through.
 */
export const PAYMENT_METHOD = Object.freeze({
  CARD: "CARD",
  /** a device wallet on the hosted page: settles like a card */
  WALLET: "WALLET",
  /** delayed: pending until the money arrives, captured on arrival */
  BANK_TRANSFER: "BANK_TRANSFER",
} as const)

/** The result code of a bank transfer awaiting the shopper's money (order_status -1). */
export const TRANSFER_AWAITED_CODE = "P0001"

/** The code of a successful `<code>:<text>` result. */
export const SUCCESS_CODE = "0000"

export const ERROR_CODE = Object.freeze({
  SIGNATURE_ERROR: "I0013",
  DUPLICATE_ORDER_NO: "I0061",
  INVALID_FIELD: "E0001",
  AMOUNT_MISMATCH: "E0002",
  TOO_MANY_ENTRIES: "E0003",
  NO_SUCH_TRANSACTION: "E0004",
  NOT_ALLOWED_IN_STATE: "E0005",
  REFUND_EXCEEDS_REFUNDABLE: "E0006",
  IP_NOT_REGISTERED: "E0007",
  DECLINED_BY_ISSUER: "E0008",
  REJECTED_BY_RISK: "E0009",
  THREEDS_FAILED: "E0010",
  /** the token_id of a stored-card payment is unknown to the account, or lapsed */
  STORED_CARD_NOT_FOUND: "E0011",
  /** a bank transfer the shopper did not send in time */
  TRANSFER_NOT_RECEIVED: "E0012",
  /** the subscription ended after its last declined deduction */
  SUBSCRIPTION_ENDED: "E0013",
} as const)

export type ErrorCode = (typeof ERROR_CODE)[keyof typeof ERROR_CODE]

export const ERROR_CODE_MEANINGS: Readonly<Record<ErrorCode, string>> =
  Object.freeze({
    I0013: "signature error",
    I0061: "duplicate order_no",
    E0001: "missing or malformed field",
    E0002: "amount format or breakdown mismatch",
    E0003: "too many entries in one request",
    E0004: "no such transaction",
    E0005: "operation not allowed in the transaction's state",
    E0006: "refund exceeds the refundable amount",
    E0007: "caller IP not registered",
    E0008: "declined by issuer",
    E0009: "rejected by risk screening",
    E0010: "3-D Secure authentication failed",
    E0011: "stored card not found",
    E0012: "transfer not received",
    E0013: "subscription ended after failed deductions",
  })

export const QUERY_RESULT_MEANINGS: Readonly<Record<string, string>> =
  Object.freeze({
    "1": "found",
    "2": "no such order",
    "3": "parameters incomplete",
    "4": "too many orders",
    "5": "access error",
    "6": "signature error",
    "7": "caller IP not registered",
    "999": "other",
  })

export const ORDER_OUTCOMES = [
  "authorised",
  "failed",
  "pending",
  "review",
  "unknown",
] as const
export type OrderOutcome = (typeof ORDER_OUTCOMES)[number]

export const PAYMENT_OUTCOMES = [
  "failed",
  "cancelled",
  "authorised",
  "pending",
  "review",
  "captured",
  "refunded",
  "partly_refunded",
  "disputed",
  "charged_back",
  "unknown",
] as const
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number]

export type OrderStatusOverrides = Partial<Record<string, OrderOutcome>>
export type PaymentStatusOverrides = Partial<Record<string, PaymentOutcome>>

export const DEFAULT_ORDER_STATUS_MEANINGS: Readonly<
  Record<string, OrderOutcome>
> = Object.freeze({
  [ORDER_STATUS.AUTHORIZED]: "authorised",
  [ORDER_STATUS.FAILED]: "failed",
  [ORDER_STATUS.PENDING]: "pending",
  [ORDER_STATUS.REVIEW]: "review",
})

export const DEFAULT_PAYMENT_STATUS_MEANINGS: Readonly<
  Record<string, PaymentOutcome>
> = Object.freeze({
  [PAYMENT_STATUS.FAILED]: "failed",
  [PAYMENT_STATUS.CANCELED]: "cancelled",
  [PAYMENT_STATUS.AUTHORIZED]: "authorised",
  [PAYMENT_STATUS.PENDING]: "pending",
  [PAYMENT_STATUS.REVIEW]: "review",
  [PAYMENT_STATUS.CAPTURED]: "captured",
  [PAYMENT_STATUS.REFUNDED]: "refunded",
  [PAYMENT_STATUS.PARTLY_REFUNDED]: "partly_refunded",
  [PAYMENT_STATUS.DISPUTED]: "disputed",
  [PAYMENT_STATUS.CHARGED_BACK]: "charged_back",
})

/** Meaning of a direct result's / notification's order_status; unknown codes are "unknown", never guessed. */
export function interpretOrderStatus(
  code: string | number | null | undefined,
  overrides?: OrderStatusOverrides
): OrderOutcome {
  return lookup(
    code,
    DEFAULT_ORDER_STATUS_MEANINGS,
    overrides,
    ORDER_OUTCOMES,
    "order_status_meanings"
  )
}

/** Meaning of a query or refund-search entry's payment_status. */
export function interpretPaymentStatus(
  code: string | number | null | undefined,
  overrides?: PaymentStatusOverrides
): PaymentOutcome {
  return lookup(
    code,
    DEFAULT_PAYMENT_STATUS_MEANINGS,
    overrides,
    PAYMENT_OUTCOMES,
    "payment_status_meanings"
  )
}

function lookup<T extends string>(
  code: string | number | null | undefined,
  defaults: Readonly<Record<string, T>>,
  overrides: Partial<Record<string, T>> | undefined,
  allowed: readonly T[],
  field: string
): T {
  const key = code === null || code === undefined ? "" : String(code).trim()
  const override =
    overrides && Object.prototype.hasOwnProperty.call(overrides, key)
      ? overrides[key]
      : undefined
  if (override !== undefined) {
    if (!allowed.includes(override)) {
      throw new InvalidInputError(
        `${field}.${key}`,
        `must be one of ${allowed.join(", ")}, got "${String(override)}"`
      )
    }
    return override
  }
  return Object.prototype.hasOwnProperty.call(defaults, key)
    ? defaults[key]
    : ("unknown" as T)
}
