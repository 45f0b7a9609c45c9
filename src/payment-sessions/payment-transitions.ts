/**
 * What happens to a payment after authorisation (capture, void, a void
 * still to be confirmed, review, refunds, a declined attempt), as pure
 * functions over the session model; the attempt rules are in transitions.ts.
 */
import type {
  AttemptState,
  ResultInfo,
  SessionData,
  StoredRefund,
} from "./session-data"
import { withAttempt, type TransitionRules } from "./transitions"

/** Payment data after the acquirer captured it: `amount` when a part was captured and the rest released. */
export function captured(data: SessionData, amount?: string): SessionData {
  const orderNo = data.order_no
  if (!orderNo || data.status === "captured") return data
  const partial =
    amount !== undefined && data.amount !== undefined && amount !== data.amount
  return {
    ...withAttempt(data, orderNo, { state: "captured" }),
    status: "captured",
    order_status: "1",
    ...(partial ? { captured_amount: amount } : {}),
  }
}

/** Payment data after the acquirer voided it. */
export function voided(data: SessionData): SessionData {
  const orderNo = data.order_no
  const next: SessionData = orderNo
    ? withAttempt(data, orderNo, { state: "void" })
    : data
  const { void_pending: _p, ...rest } = next
  return {
    ...rest,
    status: "canceled",
    order_status: "0",
    ...(data.review === "held" ? { review: "rejected" as const } : {}),
  }
}

/** An order was cancelled but the acquirer has not confirmed the void yet. */
export function voidRequested(data: SessionData): SessionData {
  return { ...data, void_pending: true }
}

/** Another attempt of the session, voided because no order uses it. */
export function surplusVoided(data: SessionData, orderNo: string): SessionData {
  return withAttempt(data, orderNo, { state: "void" })
}

export function reviewed(
  data: SessionData,
  decision: "release" | "reject",
  rules: TransitionRules
): SessionData {
  if (decision === "reject") return { ...voided(data), review: "rejected" }
  const orderNo = data.order_no
  const state: AttemptState = rules.auto_capture ? "captured" : "authorized"
  const next =
    orderNo && state === "captured"
      ? withAttempt(data, orderNo, { state })
      : data
  return {
    ...next,
    review: "released",
    order_status: "1",
    risk: { ...data.risk, action: "ACCEPT" },
  }
}

export function refundRecorded(
  data: SessionData,
  refund: StoredRefund
): SessionData {
  if (
    data.refunds?.some(
      (r) =>
        r.refund_reference_id &&
        r.refund_reference_id === refund.refund_reference_id
    )
  ) {
    return data
  }
  return { ...data, refunds: [...(data.refunds ?? []), refund] }
}

export function declinedResult(
  data: SessionData,
  orderNo: string,
  result: ResultInfo
): SessionData {
  const next = withAttempt(data, orderNo, { state: "declined" })
  return next.order_no === orderNo
    ? { ...next, order_status: "0", result }
    : next
}
