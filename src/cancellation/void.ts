/**
 * Voiding an authorisation: the payment's own (Medusa's cancel, an order
 * cancelled) or another attempt no order uses. A void whose outcome is not
 * confirmed is never reported as failed to an order cancellation: the
 * payment is marked `void_pending` and the plugin retries it (order
 * cancellation subscriber, reconcile job) until the acquirer confirms.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { ProviderCore } from "../accounts/core"
import type { Attempt, SessionData } from "../payment-sessions/session-data"
import { queryMeaning } from "../payment-sessions/status-meaning"
import {
  reviewed,
  surplusVoided,
  voided,
  voidRequested,
} from "../payment-sessions/payment-transitions"
import { batchEntry } from "../acquirer-calls/batch-entry"
import { refusedEntryError } from "../journal/errors"
import { runEntry } from "../acquirer-calls/run-entry"
import type { Lookup } from "../acquirer-calls/status-query"
import { refreshPayment, rulesOf } from "../acquirer-calls/settle-attempts"
import { REVIEW_FLAG } from "../gateway/index"

const voidedOrFailed = (core: ProviderCore) => (answer: Lookup) => {
  if (answer.kind !== "found") return false
  const state = queryMeaning(answer.entry, rulesOf(core))?.state
  return state === "void" || state === "declined"
}

export async function voidPayment(
  core: ProviderCore,
  stored: SessionData,
  paymentId?: string
): Promise<SessionData> {
  const data = stored
  if (data.status === "canceled" && !data.void_pending) return data
  if (data.status === "captured") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "Cannot cancel: the payment is captured; refund it instead"
    )
  }
  // a failed attempt, or one that never reached the acquirer, holds no money
  if (data.status === "error" || !data.transaction_id) return voided(data)
  if (data.review === "held")
    return reviewPayment(core, data, "reject", paymentId)
  const entry = batchEntry(data, "cancel")
  const run = await runEntry(core, {
    kind: "void",
    entry,
    data,
    payment_id: paymentId,
    isDone: voidedOrFailed(core),
    send: async () => core.gateway.cancel(entry),
  })
  if (run.outcome === "done") return voided(data)
  if (run.outcome === "unknown") return voidRequested(data)
  if (
    run.answer?.kind === "found" &&
    queryMeaning(run.answer.entry, rulesOf(core))?.state === "captured"
  ) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "Cannot cancel: the acquirer has captured the payment; refund it instead"
    )
  }
  throw refusedEntryError("cancel", run.error)
}

/** Voids another attempt of the session that holds money no order will use. */
export async function voidSurplus(
  core: ProviderCore,
  data: SessionData,
  attempt: Attempt
): Promise<SessionData> {
  const entry = batchEntry(data, "cancel", attempt)
  const run = await runEntry(core, {
    kind: "void",
    entry,
    data,
    isDone: voidedOrFailed(core),
    send: async () => core.gateway.cancel(entry),
  })
  if (run.outcome === "done") return surplusVoided(data, attempt.order_no)
  core.log(
    "warn",
    `could not void ${attempt.order_no}, an attempt no order uses; retried later`,
    { error: run.outcome === "refused" ? run.error : undefined }
  )
  return data
}

export type ReviewDecision = "release" | "reject"

export async function reviewPayment(
  core: ProviderCore,
  stored: SessionData,
  decision: ReviewDecision,
  paymentId?: string
): Promise<SessionData> {
  let data = stored
  if (data.review !== "held") {
    data = (await refreshPayment(core, data)).data
    if (data.review !== "held") {
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
  const run = await runEntry(core, {
    kind: "review",
    entry,
    data,
    payment_id: paymentId,
    isDone: (answer) => {
      if (answer.kind !== "found") return false
      const meaning = queryMeaning(answer.entry, rulesOf(core))
      return decision === "release"
        ? meaning?.review === "done" &&
            (meaning.state === "authorized" || meaning.state === "captured")
        : meaning?.state === "void" || meaning?.state === "declined"
    },
    send: async () => core.gateway.review(entry),
  })
  if (run.outcome === "done") return reviewed(data, decision, rulesOf(core))
  if (run.outcome === "refused") throw refusedEntryError("review", run.error)
  throw refusedEntryError("review", {
    code: "",
    text: "its answer was lost; the outcome is being confirmed, try again in a minute",
  })
}
