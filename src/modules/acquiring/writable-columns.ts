/** What the module's hand-written statements may write: the rows' input types and the columns a settlement or transition may set. */
import type {
  AcquiringPaymentEventRow,
  AcquiringChargebackRow,
  AcquiringOperationRow,
  AcquiringPayoutRow,
  AcquiringSavedCardRow,
} from "./types"

export type SavedCardInput = Pick<
  AcquiringSavedCardRow,
  | "id"
  | "customer_id"
  | "merchant_id"
  | "account_id"
  | "token_id"
  | "card_masked"
  | "brand"
  | "provider_id"
>

export type ChargebackInput = Pick<
  AcquiringChargebackRow,
  | "id"
  | "reference"
  | "provider_id"
  | "order_no"
  | "transaction_id"
  | "payment_id"
  | "session_id"
  | "currency"
  | "amount"
  | "payment_amount"
  | "reason_code"
  | "reason_text"
  | "status"
  | "opened_at"
  | "respond_by"
>

/** Columns a settlement may write; names are never taken from input. */
const OPERATION_COLUMN_NAMES = [
  "state",
  "order_no",
  "session_id",
  "payment_id",
  "transaction_id",
  "amount",
  "currency",
  "reference",
  "acquirer_reference",
  "result_code",
  "result_text",
  "tries",
] as const satisfies readonly (keyof AcquiringOperationRow)[]
export const OPERATION_COLUMNS = new Set<string>(OPERATION_COLUMN_NAMES)

export type OperationSettlement = Partial<
  Pick<AcquiringOperationRow, (typeof OPERATION_COLUMN_NAMES)[number]>
>

/** Columns a payout transition may write; names are never taken from input. */
const PAYOUT_COLUMN_NAMES = [
  "status",
  "transaction_id",
  "short_reference_id",
  "fee_amount",
  "fee_currency",
  "amount_payer_pays",
  "amount_beneficiary_receives",
  "failure_type",
  "failure_reason",
  "acquirer_created_at",
  "acquirer_updated_at",
  "last_error",
] as const satisfies readonly (keyof AcquiringPayoutRow)[]
export const PAYOUT_COLUMNS = new Set<string>(PAYOUT_COLUMN_NAMES)

export type PayoutTransitionFields = Partial<
  Pick<AcquiringPayoutRow, (typeof PAYOUT_COLUMN_NAMES)[number]>
>

/** Columns a history entry is written with; names are never taken from input. */
export const PAYMENT_EVENT_COLUMNS = [
  "id",
  "kind",
  "outcome",
  "summary",
  "order_no",
  "session_id",
  "payment_id",
  "transaction_id",
  "operation",
  "amount",
  "currency",
  "actor",
  "created_at",
] as const satisfies readonly (keyof AcquiringPaymentEventRow)[]

export type PaymentEventInput = Pick<
  AcquiringPaymentEventRow,
  "id" | "kind" | "outcome" | "summary"
> &
  Partial<
    Pick<AcquiringPaymentEventRow, (typeof PAYMENT_EVENT_COLUMNS)[number]>
  >
