/**
 * POST /v1/cancel: voids a payment not yet captured (authorised, held for
 * review, or still waiting for card, 3-D Secure or the shopper's bank
 * transfer). A captured payment is refunded instead (E0005).
 */
import { entryTransaction, notAllowed, runBatch, stateWords } from "../batch"
import type { Operation } from "../context"
import { Refusal, SUCCESS } from "../result-codes"
import { notifyOutcome } from "../results"
import { amount } from "../wire-fields"

const VOIDABLE = new Set([
  "authorised",
  "review",
  "awaiting_card",
  "pending_3ds",
  "pending_transfer",
])

export const cancel: Operation = (ctx, { body }) =>
  runBatch(ctx, body, {
    kind: "cancel",
    listField: "cancel_orders",
    statusField: "cancel_status",
    echoFields: ["transaction_id", "order_no", "currency", "amount"],
    apply: (ctx, account, entry) => {
      const tx = entryTransaction(ctx, account, entry)
      const sent = amount(entry, "amount", tx.currency)
      if (sent !== tx.amount)
        throw Refusal.field(
          "E0002",
          "amount",
          `${sent} is not the transaction amount ${tx.amount}`
        )
      if (!VOIDABLE.has(tx.state))
        throw notAllowed(tx, "cancel", stateWords(tx))
      tx.state = "voided"
      tx.result_info = SUCCESS
      tx.updated_at = ctx.clock()
      notifyOutcome(ctx, tx, "CANCEL")
      return {}
    },
  })
