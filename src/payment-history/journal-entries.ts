/** Journal operations (every request that may move money) as history entries. */
import { amountText } from "../admin-contract/amount-text"
import type { PaymentHistoryEntry } from "../admin-contract/payment-history"
import type { AcquiringOperationRow } from "../modules/acquiring/types"

const KIND_WORDS: Record<AcquiringOperationRow["kind"], string> = {
  authorise: "Card authorisation",
  checkout: "Hosted payment page",
  capture: "Capture",
  void: "Void",
  review: "Risk review decision",
  refund: "Refund",
  cancel_subscription: "Subscription cancellation",
}

const STATE_WORDS: Record<AcquiringOperationRow["state"], string> = {
  sent: "sent, no answer yet",
  unknown: "answer lost, to be asked again",
  done: "made",
  refused: "refused",
  recorded: "made and recorded in Medusa",
}

type JournalRow = Pick<
  AcquiringOperationRow,
  | "kind"
  | "state"
  | "order_no"
  | "transaction_id"
  | "payment_id"
  | "session_id"
  | "amount"
  | "currency"
  | "result_code"
  | "result_text"
  | "tries"
  | "acquirer_reference"
> & { created_at: Date | string; settled_at: Date | string | null }

/** `note`: what the payment recorded of an attempt beside its request (the account that served it, its 3-D Secure decision). */
export function journalEntry(
  op: JournalRow,
  note?: string
): PaymentHistoryEntry {
  const at = new Date(op.created_at)
  const settled = op.settled_at ? new Date(op.settled_at) : null
  const money = op.amount ? ` of ${amountText(op.amount, op.currency)}` : ""
  const result =
    op.result_code || op.result_text
      ? ` (${[op.result_code, op.result_text].filter(Boolean).join(" ")})`
      : ""
  const tries = (op.tries ?? 1) > 1 ? `, ${op.tries} tries` : ""
  const reference = op.acquirer_reference
    ? `, reference ${op.acquirer_reference}`
    : ""
  return {
    at: at.toISOString(),
    source: "request",
    operation: op.kind,
    outcome: op.state,
    summary: `${KIND_WORDS[op.kind]}${money} for ${op.order_no}: ${STATE_WORDS[op.state]}${result}${reference}${tries}${note ? `. ${note}` : ""}`,
    order_no: op.order_no,
    transaction_id: op.transaction_id ?? null,
    payment_id: op.payment_id ?? null,
    session_id: op.session_id ?? null,
    amount: op.amount ?? null,
    currency: op.currency ?? null,
    duration_ms: settled ? Math.max(0, settled.getTime() - at.getTime()) : null,
    actor: null,
  }
}
