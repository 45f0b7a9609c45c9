/**
 * A card typed on the merchant's page: one authorise call per attempt, the
 * card in memory only. The attempt is in the session before the request
 * leaves; a lost or untrusted answer is confirmed at once with the status
 * query, else left `unknown` for the notification or the reconcile job.
 */
import {
  ERROR_CODE,
  GatewayRefusedError,
  isOutcomeUnknown,
  type AuthoriseRequestInput,
  type VerifiedResult,
} from "../../../gateway"
import { notifyUrlFor, returnUrlFor, type ProviderCore } from "../config/core"
import type { SessionData } from "../session/session-data"
import { applyResult, markAbsent, markUnknown } from "../session/transitions"
import { declinedResult } from "../session/payment-transitions"
import type { CardEntry } from "../storefront-input/card-entry"
import {
  attemptOrder,
  prepareAttempt,
  recordAttempt,
  type SaveSession,
} from "./attempts"
import { toMedusaError } from "./errors"
import { applyLookups, rulesOf } from "./settle-attempts"
import { lookupOrders } from "./status-query"

export type CardOutcome =
  /** data.status tells: authorized, captured, requires_more, error (declined) */
  | { kind: "answered"; data: SessionData }
  /** the acquirer's answer was lost: being confirmed */
  | { kind: "outcome_pending"; data: SessionData }

export async function authoriseCard(
  core: ProviderCore,
  stored: SessionData,
  entry: CardEntry,
  save: SaveSession
): Promise<CardOutcome> {
  const prepared = await prepareAttempt(core, stored, save)
  if (prepared.kind === "paid") return { kind: "answered", data: prepared.data }
  const { data, attempt, operation_id } = await recordAttempt(
    core,
    prepared.data,
    "authorise",
    save
  )
  const settle = (change: Parameters<ProviderCore["journal"]["settle"]>[1]) =>
    core.journal.settle(operation_id, change)

  const base = attemptOrder(core, data, attempt, { holder: entry.holder })
  const order: AuthoriseRequestInput = {
    ...base,
    card: entry.card.number,
    expiration_month: entry.card.expiry_month,
    expiration_year: entry.card.expiry_year,
    security_code: entry.card.security_code,
  }

  let result: VerifiedResult | undefined
  let failure: unknown
  try {
    result = await core.gateway.authorise(order)
    // a concurrent submit already used this order number: settled by the status query
    if (result.result.code === ERROR_CODE.DUPLICATE_ORDER_NO) {
      failure = new GatewayRefusedError(
        "authorise",
        result.result.code,
        result.result.text
      )
      result = undefined
    }
  } catch (error) {
    failure = error
  }

  if (result) {
    core.log(
      "info",
      `authorise ${attempt.order_no}: order_status ${result.order_status}`,
      { result: result.result }
    )
    const next = applyResult(data, result, rulesOf(core), {
      pan: entry.card.number,
      challenge: {
        return_url: returnUrlFor(core.options, attempt.token),
        notify_url: notifyUrlFor(core),
      },
    })
    await settle({
      state: next.status === "error" ? "refused" : "done",
      transaction_id: result.transaction_id ?? null,
      result_code: result.result.code,
      result_text: result.result.text,
    })
    return { kind: "answered", data: await save(next) }
  }

  const duplicate =
    failure instanceof GatewayRefusedError &&
    failure.code === ERROR_CODE.DUPLICATE_ORDER_NO
  if (failure instanceof GatewayRefusedError && !duplicate) {
    core.log("info", `authorise ${attempt.order_no} refused`, {
      code: failure.code,
      text: failure.text,
    })
    await settle({
      state: "refused",
      result_code: failure.code,
      result_text: failure.text,
    })
    const next = declinedResult(data, attempt.order_no, {
      code: failure.code,
      text: failure.text,
    })
    return { kind: "answered", data: await save(next) }
  }
  if (!duplicate && !isOutcomeUnknown(failure)) {
    // nothing reached the acquirer (input refused, connection never made)
    await settle({ state: "refused" })
    await save(markAbsent(data, attempt.order_no))
    throw toMedusaError(failure, "card payment")
  }

  core.log(
    "warn",
    `authorise ${attempt.order_no}: answer lost, confirming with the status query`,
    { error: failure }
  )
  const answers = await lookupOrders(core, [attempt.order_no])
  const lookup = answers.get(attempt.order_no)
  if (lookup?.kind === "found") {
    const settled = applyLookups(core, data, answers).data
    await settle({
      state: "done",
      transaction_id: lookup.entry.transaction_id ?? null,
    })
    return { kind: "answered", data: await save(settled) }
  }
  await settle({ state: "unknown" })
  return {
    kind: "outcome_pending",
    data: await save(markUnknown(data, attempt.order_no)),
  }
}
