/**
 * POST /v1/retrievalRefund: refund records by merchant order number
 * (`refund_orders`), refund reference (`refund_references`) or the merchant's
 * refund ids (`merchant_refunds`). DECISION: the last two each match either
 * the service's refund_reference or the refund_reference_id
 * `<transaction_id>-NN`. The response echoes encryption_data.
 */
import { compactTimestamp } from "../clock-format"
import {
  identify,
  unknownAccount,
  type Operation,
  type Reply,
} from "../context"
import { Refusal, resultInfo } from "../result-codes"
import { readSelector } from "../selectors"
import {
  paymentStatus,
  type RefundRecord,
  type Transaction,
} from "../transactions"
import { text } from "../wire-fields"

const SELECTORS = [
  "refund_orders",
  "refund_references",
  "merchant_refunds",
] as const

export const retrievalRefund: Operation = (ctx, { body }) => {
  const caller = identify(ctx, "retrieval_refund", body)
  if (!caller) return unknownAccount()
  const { account } = caller
  const answer = (
    ok: boolean,
    message: string,
    entries: Record<string, unknown>[]
  ): Reply => ({
    kind: "json",
    body: {
      merchant_id: account.merchant_id,
      account_id: account.account_id,
      encryption_data: text(body, "encryption_data"),
      return_status: ok ? "1" : "0",
      return_message: message,
      refund_orders: entries,
    },
    summary: ok
      ? `return_status=1 ${entries.length} refunds`
      : `return_status=0 ${message}`,
  })
  if (!caller.signed) return answer(false, resultInfo("I0013"), [])
  let selector
  try {
    selector = readSelector(body, SELECTORS, {
      maxValues: ctx.batchLimits.refund_search,
    })
  } catch (error) {
    if (!(error instanceof Refusal)) throw error
    return answer(false, error.info, [])
  }
  const ledger = ctx.store.ledger(account)
  const rows: Record<string, unknown>[] = []
  for (const value of selector.values) {
    for (const tx of ledger.transactions.values()) {
      for (const refund of tx.refunds) {
        const matches =
          selector.field === "refund_orders"
            ? tx.order_no === value
            : refund.refund_reference === value ||
              refund.refund_reference_id === value
        if (matches) rows.push(refundRow(tx, refund))
      }
    }
  }
  return answer(true, "OK", rows)
}

function refundRow(
  tx: Transaction,
  refund: RefundRecord
): Record<string, unknown> {
  return {
    transaction_id: tx.transaction_id,
    order_no: tx.order_no,
    currency: tx.currency,
    amount: tx.amount,
    refund_amount: refund.refund_amount,
    refund_status: refund.refund_status,
    payment_status: paymentStatus(tx),
    refund_reference: refund.refund_reference,
    refund_reference_id: refund.refund_reference_id,
    refund_reason: refund.refund_reason,
    refund_date: compactTimestamp(refund.refund_date),
    refund_processing_date: compactTimestamp(refund.refund_processing_date),
  }
}
