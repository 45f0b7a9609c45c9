/**
 * POST /v1/refund: refunds part or all of a captured payment. Each refund
 * gets refund_reference_id `<transaction_id>-01`, `-02`, …; more than the
 * refundable amount is E0006; a payment not captured, or with a chargeback
 * open against it, is E0005. A lost chargeback's amount is not refundable.
 */
import { compareAmounts } from "../../gateway/money/amount"
import { entryTransaction, notAllowed, runBatch, stateWords } from "../batch"
import type { Operation } from "../context"
import { Refusal, resultInfo, SUCCESS } from "../result-codes"
import { notifyOutcome } from "../results"
import {
  nextRefundReferenceId,
  refundableAmount,
  type RefundRecord,
} from "../transactions"
import { amount, text } from "../wire-fields"

export const refund: Operation = (ctx, { body }) =>
  runBatch(ctx, body, {
    kind: "refund",
    listField: "refund_orders",
    statusField: "refund_status",
    messageField: "refund_message",
    refusedFields: ["refund_reference", "refund_reference_id"],
    echoFields: [
      "transaction_id",
      "order_no",
      "currency",
      "amount",
      "refund_amount",
      "refund_reason",
    ],
    apply: (ctx, account, entry) => {
      const tx = entryTransaction(ctx, account, entry)
      const original = amount(entry, "amount", tx.currency)
      if (original !== tx.amount)
        throw Refusal.field(
          "E0002",
          "amount",
          `${original} is not the transaction amount ${tx.amount}`
        )
      const wanted = amount(entry, "refund_amount", tx.currency)
      const reason = text(entry, "refund_reason")
      if (reason.length > ctx.fieldLimits.refund_reason) {
        throw Refusal.field(
          "E0001",
          "refund_reason",
          `is longer than ${ctx.fieldLimits.refund_reason} characters`
        )
      }
      if (tx.state !== "captured")
        throw notAllowed(tx, "refund", stateWords(tx))
      const disputed = tx.chargebacks.find(
        (c) => c.chargeback_status === "OPEN"
      )
      if (disputed) {
        throw notAllowed(
          tx,
          "refund",
          `chargeback ${disputed.chargeback_reference} is open against it`
        )
      }
      const refundable = refundableAmount(tx)
      if (compareAmounts(wanted, refundable) > 0) {
        throw new Refusal(
          "E0006",
          `Refund exceeds the refundable amount: ${wanted} asked, ${refundable} refundable`
        )
      }
      const now = ctx.clock()
      const record: RefundRecord = {
        refund_reference_id: nextRefundReferenceId(tx),
        refund_reference: ctx.store.newReference("RF"),
        refund_amount: wanted,
        refund_reason: reason,
        refund_status: "1",
        refund_date: now,
        refund_processing_date: now,
      }
      tx.refunds.push(record)
      tx.result_info = SUCCESS
      tx.updated_at = now
      notifyOutcome(ctx, tx, "REFUND", {
        refund_amount: record.refund_amount,
        refund_reference: record.refund_reference,
        refund_reference_id: record.refund_reference_id,
      })
      return {
        refund_message: resultInfo("0000"),
        refund_reference: record.refund_reference,
        refund_reference_id: record.refund_reference_id,
      }
    },
  })
