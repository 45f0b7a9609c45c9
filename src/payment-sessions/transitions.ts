/**
 * Every change of a session's or payment's state goes through here: a new
 * attempt, a verified result (direct answer, 3-D Secure or browser return,
 * notification), a status-query entry, a lost answer, capture, void,
 * review, refund. Pure functions over the session model.
 *
 * An attempt's state never moves backwards: from waiting (sent, unknown,
 * pending, requires_more) it may go anywhere; authorised may become captured
 * or void; captured, declined and void are final. `absent` (the acquirer
 * did not know the order when asked) is weak and yields to any later news.
 *
 * The session's payment fields follow the attempt that holds the money (the
 * first authorised or captured one), else the latest attempt. Any other
 * attempt holding money is surplus and must be given back.
 */
import {
  maskCardNumber,
  type QueryEntry,
  type VerifiedResult,
} from "../gateway/index"
import type { Attempt, AttemptState, SessionData } from "./session-data"
import { acquirerAuthorizationTime } from "./authorization-lifetime"
import { subscriptionFromResult } from "./subscription"
import {
  queryMeaning,
  resultMeaning,
  sessionStatusOf,
  transferDeadline,
  type DelayedMethods,
  type StatusCodeOverrides,
} from "./status-meaning"

export interface TransitionRules {
  auto_capture: boolean
  status_codes?: StatusCodeOverrides
  delayed?: DelayedMethods
}

const WAITING: ReadonlySet<AttemptState> = new Set([
  "sent",
  "unknown",
  "pending",
  "requires_more",
  "awaiting_transfer",
])
const HOLDS_MONEY: ReadonlySet<AttemptState> = new Set([
  "authorized",
  "captured",
])

export function isWaiting(state: AttemptState): boolean {
  return WAITING.has(state)
}

export function holdsMoney(state: AttemptState): boolean {
  return HOLDS_MONEY.has(state)
}

/** The only moves an attempt may make. */
export function canMove(from: AttemptState, to: AttemptState): boolean {
  if (from === to) return false
  if (from === "absent") return to !== "sent"
  if (from === "requires_more" && to === "pending") return false // a query only knows "pending"
  // an awaited transfer only ends: its money arrives, it lapses, or it is voided
  if (from === "awaiting_transfer")
    return ["captured", "authorized", "declined", "void"].includes(to)
  if (WAITING.has(from)) return true
  if (from === "authorized") return to === "captured" || to === "void"
  return false
}

/** The attempt that holds the money, else the latest. */
export function paymentAttempt(data: SessionData): Attempt | undefined {
  const attempts = data.attempts ?? []
  return (
    attempts.find((a) => holdsMoney(a.state)) ?? attempts[attempts.length - 1]
  )
}

/** Attempts holding money that no order will use. */
export function surplusAttempts(data: SessionData): Attempt[] {
  const holder = paymentAttempt(data)
  return (data.attempts ?? []).filter(
    (a) => a !== holder && holdsMoney(a.state)
  )
}

/** Sets fields of one attempt; status and payment fields follow. */
export function withAttempt(
  data: SessionData,
  orderNo: string,
  change: Partial<Attempt>
): SessionData {
  const attempts = (data.attempts ?? []).map((a) =>
    a.order_no === orderNo ? stampAuthorized({ ...a, ...change }) : a
  )
  return derive({ ...data, attempts })
}

/** An attempt that became authorised keeps when: its request's time until the acquirer names an earlier one. */
function stampAuthorized(attempt: Attempt): Attempt {
  if (attempt.state !== "authorized" || attempt.authorized_at) return attempt
  return { ...attempt, authorized_at: attempt.at }
}

/** An attempt that became an awaited transfer keeps until when the acquirer awaits its money. */
function stampAwaited(
  data: SessionData,
  orderNo: string,
  rules: TransitionRules
): SessionData {
  const attempt = data.attempts?.find((a) => a.order_no === orderNo)
  if (attempt?.state !== "awaiting_transfer" || attempt.awaited_until)
    return data
  return withAttempt(data, orderNo, {
    awaited_until: transferDeadline(attempt.at, rules.delayed),
  })
}

/** Status and order number follow the payment attempt. */
function derive(data: SessionData): SessionData {
  const holder = paymentAttempt(data)
  if (!holder) return data
  const switched = holder.order_no !== data.order_no
  const next: SessionData = {
    ...data,
    order_no: holder.order_no,
    status: sessionStatusOf(holder.state),
  }
  if (switched) {
    // details of another attempt must not be shown as this one's
    delete next.result
    delete next.card_masked
    delete next.token_id
    delete next.three_ds
    delete next.risk
    delete next.review
    delete next.order_status
    next.transaction_id = holder.transaction_id
  } else if (holder.transaction_id) {
    next.transaction_id = holder.transaction_id
  }
  return next
}

/** A new attempt, written before its request leaves. Nothing of the previous attempt's outcome carries over. */
export function startAttempt(
  data: SessionData,
  attempt: Pick<
    Attempt,
    "order_no" | "kind" | "at" | "token" | "three_d_secure" | "descriptor"
  >
): SessionData {
  const {
    transaction_id: _t,
    order_status: _o,
    result: _r,
    card_masked: _c,
    token_id: _n,
    three_ds: _d,
    risk: _k,
    review: _v,
    ...kept
  } = data
  return {
    ...kept,
    order_no: attempt.order_no,
    status: "pending",
    attempts: [...(data.attempts ?? []), { ...attempt, state: "sent" }],
  }
}

export function markUnknown(data: SessionData, orderNo: string): SessionData {
  const attempt = data.attempts?.find((a) => a.order_no === orderNo)
  if (!attempt || attempt.state !== "sent") return data
  return withAttempt(data, orderNo, { state: "unknown" })
}

/** The acquirer does not know the order (weak: an answer in flight may still arrive). */
export function markAbsent(data: SessionData, orderNo: string): SessionData {
  const attempt = data.attempts?.find((a) => a.order_no === orderNo)
  if (!attempt || !canMove(attempt.state, "absent")) return data
  return withAttempt(data, orderNo, { state: "absent" })
}

export interface ResultDetails {
  /** the card number typed, for the mask when the answer carries none (memory only) */
  pan?: string
  /** the 3-D Secure form the storefront posts, when the result asks for a challenge */
  challenge?: { return_url: string; notify_url: string }
}

/** A verified direct result, 3-D Secure result, browser return or PAYMENT/REVIEW notification. */
export function applyResult(
  data: SessionData,
  result: VerifiedResult,
  rules: TransitionRules,
  details: ResultDetails = {}
): SessionData {
  const orderNo = result.order_no
  const attempt = data.attempts?.find((a) => a.order_no === orderNo)
  const incoming = resultMeaning(result, rules)
  if (!orderNo || !attempt || !incoming) return data
  if (
    incoming.state !== attempt.state &&
    !canMove(attempt.state, incoming.state)
  )
    return data
  let next = stampAwaited(
    withAttempt(data, orderNo, {
      state: incoming.state,
      ...(result.transaction_id
        ? { transaction_id: result.transaction_id }
        : {}),
    }),
    orderNo,
    rules
  )
  if (next.order_no !== orderNo) return next
  next = {
    ...next,
    order_status: result.order_status,
    result: result.result,
    card_masked: result.card
      ? maskCardNumber(result.card)
      : details.pan
        ? maskCardNumber(details.pan)
        : next.card_masked,
  }
  if (result.token_id) next.token_id = result.token_id
  if (result.payment_method)
    next.payment_method = result.payment_method.toUpperCase()
  const risk = riskOf(result)
  if (risk) next.risk = risk
  const subscription = subscriptionFromResult(next.subscription, result)
  if (subscription) next.subscription = subscription
  if (incoming.held) next.review = "held"
  const threeDs: NonNullable<SessionData["three_ds"]> = {}
  if (result.threeds_result) threeDs.result = result.threeds_result
  if (
    incoming.state === "requires_more" &&
    result.issuer_url &&
    details.challenge
  ) {
    threeDs.issuer_url = result.issuer_url
    threeDs.form = {
      action: result.issuer_url,
      method: "POST",
      inputs: { ...details.challenge },
    }
  }
  if (Object.keys(threeDs).length) next.three_ds = threeDs
  else if (incoming.state !== "requires_more") delete next.three_ds
  return next
}

function withoutResult(data: SessionData): SessionData {
  const { result: _ended, ...rest } = data
  return rest
}

function riskOf(result: VerifiedResult): SessionData["risk"] | undefined {
  const reasons = (result.risk_reasons ?? [])
    .map((r) => ({
      ...(r.name ? { name: String(r.name) } : {}),
      ...(r.status ? { status: String(r.status) } : {}),
    }))
    .filter((r) => r.name || r.status)
  if (!result.risk_action && !result.risk_score && !reasons.length)
    return undefined
  return {
    ...(result.risk_action ? { action: result.risk_action } : {}),
    ...(result.risk_score ? { score: result.risk_score } : {}),
    ...(reasons.length ? { reasons } : {}),
  }
}

/** A status-query entry for one of the session's attempts. */
export function applyQuery(
  data: SessionData,
  entry: QueryEntry,
  rules: TransitionRules
): SessionData {
  const orderNo = entry.order_no
  const attempt = orderNo
    ? data.attempts?.find((a) => a.order_no === orderNo)
    : undefined
  const meaning = queryMeaning(entry, rules)
  if (!attempt || !meaning || !orderNo) return data
  let next = data
  if (meaning.state !== attempt.state) {
    if (!canMove(attempt.state, meaning.state)) return data
    next = stampAwaited(
      withAttempt(data, orderNo, {
        state: meaning.state,
        ...(entry.transaction_id
          ? { transaction_id: entry.transaction_id }
          : {}),
      }),
      orderNo,
      rules
    )
  } else if (entry.transaction_id && !attempt.transaction_id) {
    next = withAttempt(data, orderNo, { transaction_id: entry.transaction_id })
  }
  const authorizedEarlier = acquirerAuthorizationTime(
    next.attempts?.find((a) => a.order_no === orderNo),
    entry.transaction_date
  )
  if (authorizedEarlier)
    next = withAttempt(next, orderNo, { authorized_at: authorizedEarlier })
  if (next.order_no !== orderNo) return next
  // an awaited transfer ended (arrived, lapsed, voided): its "awaiting" result no longer holds, and a query carries none
  if (attempt.state === "awaiting_transfer" && meaning.state !== attempt.state)
    next = withoutResult(next)
  if (entry.token_id && !next.token_id)
    next = { ...next, token_id: entry.token_id }
  if (meaning.review === "held") next = { ...next, review: "held" }
  else if (meaning.review === "done" && next.review === "held")
    next = { ...next, review: "released" }
  else if (meaning.state === "void" && next.review === "held")
    next = { ...next, review: "rejected" }
  return next
}

/**
 * The plugin's state says the acquirer holds the money. Where Medusa's
 * session still waits, its recording was lost or rolled back (see the
 * provider's cancelPayment) and the reconcile job records it.
 */
export function heldButUnrecorded(data: SessionData): boolean {
  return data.status === "authorized" || data.status === "captured"
}
