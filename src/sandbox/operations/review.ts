/**
 * POST /v1/review: decides a payment held for risk review. review_flag 1
 * releases it (authorised), 0 rejects it (voided). Any other state is E0005.
 */
import { entryTransaction, notAllowed, runBatch, stateWords } from "../batch"
import type { Operation } from "../context"
import { Refusal, SUCCESS } from "../result-codes"
import { notifyOutcome } from "../results"
import { amount, text } from "../wire-fields"

export const review: Operation = (ctx, { body }) =>
  runBatch(ctx, body, {
    kind: "review",
    listField: "review_orders",
    statusField: "review_status",
    echoFields: [
      "transaction_id",
      "order_no",
      "currency",
      "amount",
      "review_flag",
    ],
    apply: (ctx, account, entry) => {
      const tx = entryTransaction(ctx, account, entry)
      const flag = text(entry, "review_flag")
      if (flag !== "0" && flag !== "1")
        throw Refusal.field(
          "E0001",
          "review_flag",
          "must be 1 (release) or 0 (reject)"
        )
      const sent = amount(entry, "amount", tx.currency)
      if (sent !== tx.amount)
        throw Refusal.field(
          "E0002",
          "amount",
          `${sent} is not the transaction amount ${tx.amount}`
        )
      if (tx.state !== "review")
        throw notAllowed(
          tx,
          "review",
          `it is not held for review (${stateWords(tx)})`
        )
      tx.state = flag === "1" ? "authorised" : "voided"
      tx.risk_action = flag === "1" ? "ACCEPT" : "REJECT"
      tx.result_info = SUCCESS
      tx.updated_at = ctx.clock()
      notifyOutcome(ctx, tx, "REVIEW", { review_flag: flag })
      return {}
    },
  })
