/**
 * Confirms a payment's state with the status query (retrievalTrans). The
 * browser's word and stale stored data are never enough on their own; a
 * query answer is merged so that a settled state is never downgraded.
 */
import { interpretPaymentStatus, QUERY_RESULT } from "../../gateway/statuses"
import type { CoreContext } from "./core-context"
import type { TransactionRecord } from "./gateway-port"
import type { AcquiringSessionData } from "./session-data"
import {
  mergeStatus,
  orderStatusFromPaymentOutcome,
  statusFromPaymentOutcome,
} from "./status-map"

export type QueryAnswer =
  | { kind: "found"; record: TransactionRecord }
  | { kind: "not_found" }
  | { kind: "unavailable"; reason: string }

export async function queryOrder(
  ctx: CoreContext,
  orderNo: string
): Promise<QueryAnswer> {
  try {
    const records = await ctx.gateway.retrieveTransactions({
      order_nos: [orderNo],
    })
    const record =
      records.find((entry) => entry.order_no === orderNo) ?? records[0]
    if (!record || record.query_result === QUERY_RESULT.NOT_FOUND)
      return { kind: "not_found" }
    if (record.query_result !== QUERY_RESULT.FOUND) {
      return {
        kind: "unavailable",
        reason: `query_result ${record.query_result}`,
      }
    }
    return { kind: "found", record }
  } catch (error) {
    ctx.log("warn", `status query for ${orderNo} failed`, { error })
    return {
      kind: "unavailable",
      reason: error instanceof Error ? error.message : "query failed",
    }
  }
}

/** Applies a query record to stored data: status merged, never downgraded; amounts and ids taken from the record. */
export function applyRecord(
  ctx: CoreContext,
  data: AcquiringSessionData,
  record: TransactionRecord
): AcquiringSessionData {
  const outcome = interpretPaymentStatus(
    record.payment_status,
    ctx.options.status_codes?.payment_status
  )
  const incoming = statusFromPaymentOutcome(outcome)
  const status = mergeStatus(data.status, incoming)
  const next: AcquiringSessionData = { ...data, status }
  if (status === incoming) {
    const orderStatus = orderStatusFromPaymentOutcome(outcome)
    if (orderStatus !== undefined) next.order_status = orderStatus
    if (outcome === "review") next.risk = { ...data.risk, action: "REVIEW" }
    else if (data.risk?.action === "REVIEW") {
      // the review is over: released, or rejected (voided)
      next.risk = {
        ...data.risk,
        action:
          status === "canceled" || status === "error" ? "REJECT" : "ACCEPT",
      }
    }
  }
  if (record.transaction_id && !data.transaction_id)
    next.transaction_id = record.transaction_id
  return next
}

/** Current state from the gateway; data unchanged when the order is unknown or the query is unavailable. */
export async function confirmWithQuery(
  ctx: CoreContext,
  data: AcquiringSessionData
): Promise<{ data: AcquiringSessionData; answer: QueryAnswer }> {
  if (!data.order_no) return { data, answer: { kind: "not_found" } }
  const answer = await queryOrder(ctx, data.order_no)
  if (answer.kind !== "found") return { data, answer }
  return { data: applyRecord(ctx, data, answer.record), answer }
}
