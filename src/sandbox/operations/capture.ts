/**
 * POST /v1/capture. DECISION: an entry's `amount` is the amount to capture;
 * less than authorised is a partial capture (the rest is released and the
 * transaction is settled), more is refused with E0002. One capture per
 * transaction: a second is E0005.
 */
import { compareAmounts } from "../../gateway/money/amount"
import { entryTransaction, notAllowed, runBatch, stateWords } from "../batch"
import type { Operation } from "../context"
import { Refusal, SUCCESS } from "../result-codes"
import { notifyOutcome } from "../results"
import { amount } from "../wire-fields"

export const capture: Operation = (ctx, { body }) =>
  runBatch(ctx, body, {
    kind: "capture",
    listField: "capture_orders",
    statusField: "capture_status",
    echoFields: ["transaction_id", "order_no", "currency", "amount"],
    apply: (ctx, account, entry) => {
      const tx = entryTransaction(ctx, account, entry)
      const captureAmount = amount(entry, "amount", tx.currency)
      if (tx.state !== "authorised")
        throw notAllowed(tx, "capture", stateWords(tx))
      if (compareAmounts(captureAmount, tx.amount) > 0) {
        throw Refusal.field(
          "E0002",
          "amount",
          `${captureAmount} is more than the authorised ${tx.amount}`
        )
      }
      tx.state = "captured"
      tx.captured_amount = captureAmount
      tx.result_info = SUCCESS
      tx.updated_at = ctx.clock()
      notifyOutcome(ctx, tx, "CAPTURE", { capture_amount: captureAmount })
      return {}
    },
  })
