/**
 * Settles a session's attempts whose outcome the plugin does not know (a
 * lost answer, an open hosted page, a 3-D Secure challenge) with one status
 * query, and applies what it says through the transitions.
 */
import { capturePolicy } from "../accounts/capture-policy"
import type { ProviderCore } from "../accounts/core"
import { lookupOrders, type Lookup } from "./status-query"
import { takeLentAnswers } from "./lent-answers"
import type { SessionData } from "../payment-sessions/session-data"
import {
  applyQuery,
  isWaiting,
  markAbsent,
} from "../payment-sessions/transitions"

export interface Settled {
  data: SessionData
  /** some attempt could not be confirmed (the query failed) */
  unavailable: boolean
}

export function rulesOf(core: Pick<ProviderCore, "options">) {
  return {
    auto_capture: capturePolicy(core.options) === "authorisation",
    status_codes: core.options.status_codes,
    delayed: {
      methods: core.options.payment_methods.delayed,
      awaiting_code: core.options.payment_methods.awaiting_code,
      lifetime_days: core.options.transfer_lifetime_days,
    },
  }
}

/** Applies known look-up answers to the session's waiting attempts. */
export function applyLookups(
  core: Pick<ProviderCore, "options">,
  data: SessionData,
  answers: Map<string, Lookup>
): Settled {
  let next = data
  let unavailable = false
  for (const attempt of data.attempts ?? []) {
    if (!isWaiting(attempt.state) && attempt.state !== "absent") continue
    const answer = answers.get(attempt.order_no)
    if (!answer) continue
    if (answer.kind === "found")
      next = applyQuery(next, answer.entry, rulesOf(core))
    else if (answer.kind === "not_found")
      next = markAbsent(next, attempt.order_no)
    else unavailable = true
  }
  return { data: next, unavailable }
}

/** Waiting and absent attempts, settled with one status query. */
export async function settleAttempts(
  core: Pick<ProviderCore, "options" | "gateway" | "log">,
  data: SessionData
): Promise<Settled> {
  const open = (data.attempts ?? []).filter(
    (a) => isWaiting(a.state) || a.state === "absent"
  )
  if (!open.length) return { data, unavailable: false }
  const orderNos = open.map((a) => a.order_no)
  // the notification being handled confirmed these a moment ago (lent-answers.ts)
  const answers = takeLentAnswers(orderNos)
  const asked = orderNos.filter((orderNo) => !answers.has(orderNo))
  if (asked.length)
    for (const [orderNo, answer] of await lookupOrders(core, asked))
      answers.set(orderNo, answer)
  return applyLookups(core, data, answers)
}

/** The payment attempt confirmed again (a settled payment's news: captured, voided, refunded, review ended). */
export async function refreshPayment(
  core: Pick<ProviderCore, "options" | "gateway" | "log">,
  data: SessionData
): Promise<{ data: SessionData; answer?: Lookup }> {
  if (!data.order_no) return { data }
  const answer = (await lookupOrders(core, [data.order_no])).get(data.order_no)
  if (answer?.kind !== "found") return { data, answer }
  return { data: applyQueryToPayment(core, data, answer.entry), answer }
}

/** A query entry for the payment's own attempt, settled or not. */
export function applyQueryToPayment(
  core: Pick<ProviderCore, "options">,
  data: SessionData,
  entry: import("../gateway/index").QueryEntry
): SessionData {
  return applyQuery(data, entry, rulesOf(core))
}
