/**
 * Capture, cancel and review through the service's batch operations, one
 * entry each. Idempotent: a payment already in the target state is left
 * alone, and a refused entry is checked with the status query before it is
 * reported (capturing an already captured transaction is success, not a
 * second capture).
 */
import { MedusaError } from "@medusajs/framework/utils"
import { TransportError } from "../../gateway/errors"
import { REVIEW_FLAG } from "../../gateway/statuses"
import { confirmWithQuery } from "./confirmation"
import type { CoreContext } from "./core-context"
import type { BatchEntry, EntryOutcome } from "./gateway-port"
import {
  refusedEntryError,
  toMedusaError,
  unsettledError,
} from "./medusa-errors"
import {
  isHeldForReview,
  type AcquiringSessionData,
  type StoredStatus,
} from "./session-data"

export function batchEntry(
  data: AcquiringSessionData,
  operation: string
): BatchEntry {
  if (!data.transaction_id) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Cannot ${operation}: the payment has no acquiring transaction yet`
    )
  }
  const { order_no, amount, currency } = data
  if (!order_no || !amount || !currency) {
    const missing = Object.entries({ order_no, amount, currency })
      .filter(([, value]) => !value)
      .map(([field]) => field)
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Cannot ${operation}: the payment data lacks ${missing.join(", ")}`
    )
  }
  return { transaction_id: data.transaction_id, order_no, currency, amount }
}

/**
 * Runs one batch entry. Transport failures that may have reached the
 * service and refused entries are settled by status query: when the
 * payment is already where the operation leads (`isDone`) it counts as done.
 */
async function runEntry(
  ctx: CoreContext,
  data: AcquiringSessionData,
  operation: string,
  isDone: (data: AcquiringSessionData) => boolean,
  send: () => Promise<EntryOutcome[]>
): Promise<
  | { done: true; data: AcquiringSessionData }
  | { done: false; data: AcquiringSessionData; outcome: EntryOutcome }
> {
  let outcomes: EntryOutcome[]
  try {
    outcomes = await send()
  } catch (error) {
    if (error instanceof TransportError && error.may_have_reached_gateway) {
      const { data: confirmed } = await confirmWithQuery(ctx, data)
      if (isDone(confirmed)) return { done: true, data: confirmed }
    }
    ctx.log("warn", `${operation} ${data.order_no} failed`, { error })
    throw toMedusaError(error, operation)
  }
  const outcome =
    outcomes.find((entry) => entry.transaction_id === data.transaction_id) ??
    outcomes[0]
  if (outcome?.ok) return { done: true, data }
  const { data: confirmed } = await confirmWithQuery(ctx, data)
  if (isDone(confirmed)) return { done: true, data: confirmed }
  ctx.log("info", `${operation} ${data.order_no} refused`, {
    error: outcome?.error,
  })
  return {
    done: false,
    data: confirmed,
    outcome: outcome ?? {
      transaction_id: data.transaction_id ?? "",
      ok: false,
    },
  }
}

export async function capture(
  ctx: CoreContext,
  stored: AcquiringSessionData
): Promise<AcquiringSessionData> {
  let data = stored
  if (data.status === "captured") return data
  if (data.status === "canceled")
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "Cannot capture: the payment was canceled"
    )
  if (isHeldForReview(data)) {
    data = (await confirmWithQuery(ctx, data)).data
    if (data.status === "captured") return data
    if (isHeldForReview(data)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "Cannot capture: the payment is held for risk review; release it first"
      )
    }
  }
  const entry = batchEntry(data, "capture")
  const run = await runEntry(
    ctx,
    data,
    "capture",
    (d) => d.status === "captured",
    () => ctx.gateway.capture([entry])
  )
  if (!run.done) throw refusedEntryError("capture", run.outcome.error)
  return { ...run.data, status: "captured", order_status: "1" }
}

export async function cancel(
  ctx: CoreContext,
  stored: AcquiringSessionData
): Promise<AcquiringSessionData> {
  const data = stored
  if (data.status === "canceled") return data
  if (data.status === "captured") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "Cannot cancel: the payment is captured; refund it instead"
    )
  }
  // a failed attempt or one that never reached the service holds no money
  if (data.status === "error" || !data.transaction_id)
    return { ...data, status: "canceled" }
  // a payment held for risk review is voided by rejecting it
  if (isHeldForReview(data)) return review(ctx, data, "reject")
  const entry = batchEntry(data, "cancel")
  const run = await runEntry(
    ctx,
    data,
    "cancel",
    (d) => d.status === "canceled",
    () => ctx.gateway.cancel([entry])
  )
  if (!run.done) {
    if (run.data.status === "error") return { ...run.data, status: "canceled" }
    throw refusedEntryError("cancel", run.outcome.error)
  }
  return { ...run.data, status: "canceled", order_status: "0" }
}

/** Voids a pending attempt before a new one starts, so two attempts can never both be charged. */
export async function voidAttempt(
  ctx: CoreContext,
  data: AcquiringSessionData
): Promise<void> {
  if (!data.transaction_id) return
  const run = await runEntry(
    ctx,
    data,
    "cancel",
    (d) => d.status === "canceled",
    () => ctx.gateway.cancel([batchEntry(data, "cancel")])
  )
  if (run.done || run.data.status === "error") return
  throw unsettledError(
    `An earlier attempt is still in progress (awaiting 3-D Secure or an open payment page) and could not be stopped (${run.outcome.error?.code ?? ""}:${run.outcome.error?.text ?? ""})`
  )
}

export type ReviewDecision = "release" | "reject"

export async function review(
  ctx: CoreContext,
  stored: AcquiringSessionData,
  decision: ReviewDecision
): Promise<AcquiringSessionData> {
  let data = stored
  if (!isHeldForReview(data)) {
    data = (await confirmWithQuery(ctx, data)).data
    if (!isHeldForReview(data)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "The payment is not held for risk review"
      )
    }
  }
  const entry = {
    ...batchEntry(data, "review"),
    review_flag:
      decision === "release" ? REVIEW_FLAG.RELEASE : REVIEW_FLAG.REJECT,
  }
  const target: StoredStatus =
    decision === "release"
      ? ctx.options.auto_capture
        ? "captured"
        : "authorized"
      : "canceled"
  const reached = (d: AcquiringSessionData) =>
    decision === "release"
      ? !isHeldForReview(d) &&
        (d.status === "authorized" || d.status === "captured")
      : d.status === "canceled"
  const run = await runEntry(ctx, data, "review", reached, () =>
    ctx.gateway.review([entry])
  )
  if (!run.done) throw refusedEntryError("review", run.outcome.error)
  return decision === "release"
    ? {
        ...run.data,
        status: run.data.status === "captured" ? "captured" : target,
        order_status: "1",
        risk: { ...run.data.risk, action: "ACCEPT" },
      }
    : {
        ...run.data,
        status: "canceled",
        order_status: "0",
        risk: { ...run.data.risk, action: "REJECT" },
      }
}
