/**
 * A card typed on the merchant's page, or one the signed-in customer saved
 * before (its token, and the security code typed again): one authorise call
 * per attempt, the card in memory only. The attempt is in the session before
 * the request leaves; a lost or untrusted answer is confirmed at once with
 * the status query, else left `unknown` for the notification or the
 * reconcile job.
 */
import { withKeptCard as keptAfter } from "../saved-cards/kept-card"
import {
  ERROR_CODE,
  GatewayRefusedError,
  isOutcomeUnknown,
  type AuthorizeRequestInput,
  type VerifiedResult,
} from "../gateway/index"
import {
  cardLapsed,
  cardUsed,
  type SavedCardRow,
} from "../saved-cards/saved-card-store"
import { notifyUrlFor, returnUrlFor, type ProviderCore } from "../accounts/core"
import type { SessionData, SaveSession } from "../payment-sessions/session-data"
import {
  applyResult,
  markAbsent,
  markUnknown,
} from "../payment-sessions/transitions"
import { declinedResult } from "../payment-sessions/payment-transitions"
import type { TypedCard } from "./card-entry"
import type { Holder } from "./payment-order"
import {
  attemptOrder,
  keptCardUse,
  prepareAttempt,
  recordAttempt,
} from "./attempts"
import { toMedusaError } from "../journal/errors"
import { applyLookups, rulesOf } from "../acquirer-calls/settle-attempts"
import { lookupOrders } from "../acquirer-calls/status-query"

export type CardOutcome =
  /** data.status tells: authorized, captured, requires_more, error (declined) */
  | { kind: "answered"; data: SessionData }
  /** the acquirer's answer was lost: being confirmed */
  | { kind: "outcome_pending"; data: SessionData }

/** What pays: a typed card (kept for the customer when asked) or a saved card. */
export type CardPayment =
  | {
      kind: "typed"
      card: TypedCard
      holder?: Holder
      /** the signed-in customer who asked to keep the card */
      keep_for?: string
    }
  | {
      kind: "saved"
      card: SavedCardRow
      /** typed again by the shopper; absent only where the merchant's options allow */
      security_code?: string
      holder?: Holder
      /** charged by the merchant while the customer is not present: order_type MIT, never a security code */
      merchant_initiated?: boolean
    }

export async function authorizeCard(
  core: ProviderCore,
  stored: SessionData,
  payment: CardPayment,
  save: SaveSession
): Promise<CardOutcome> {
  const prepared = await prepareAttempt(core, stored, save)
  if (prepared.kind === "paid") return { kind: "answered", data: prepared.data }
  const { data, attempt, operation_id } = await recordAttempt(
    core,
    { ...prepared.data, saved_card: savedCardUse(core, payment) },
    "authorise",
    {
      presence:
        payment.kind === "saved" && payment.merchant_initiated
          ? "merchant_initiated"
          : "shopper",
    }
  )
  const settle = (change: Parameters<ProviderCore["journal"]["settle"]>[1]) =>
    core.journal.settle(operation_id, change)

  const order = cardOrder(
    attemptOrder(core, data, attempt, { holder: payment.holder }),
    payment,
    core.options.order_types.merchant_initiated
  )

  let result: VerifiedResult | undefined
  let failure: unknown
  try {
    result = await core.gateway.authorize(order)
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
    const answered = applyResult(data, result, rulesOf(core), {
      pan: payment.kind === "typed" ? payment.card.number : undefined,
      challenge: {
        return_url: returnUrlFor(core.options, attempt.token),
        notify_url: notifyUrlFor(core),
      },
    })
    await settle({
      state: answered.status === "error" ? "refused" : "done",
      transaction_id: result.transaction_id ?? null,
      result_code: result.result.code,
      result_text: result.result.text,
    })
    // the card the shopper asked to keep, once the answer holds money and names its token
    const next = await keptAfter(answered)
    await noteSavedCard(payment, next)
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
    const found = applyLookups(core, data, answers).data
    await settle({
      state: "done",
      transaction_id: lookup.entry.transaction_id ?? null,
    })
    const settled = await keptAfter(found)
    await noteSavedCard(payment, settled)
    return { kind: "answered", data: await save(settled) }
  }
  await settle({ state: "unknown" })
  return {
    kind: "outcome_pending",
    data: await save(markUnknown(data, attempt.order_no)),
  }
}

/** The order with what pays: the typed card (and the wish to keep it) or the saved card's token. */
function cardOrder(
  base: ReturnType<typeof attemptOrder>,
  payment: CardPayment,
  merchantInitiated: string
): AuthorizeRequestInput {
  if (payment.kind === "saved" && payment.merchant_initiated)
    return {
      ...base,
      token_id: payment.card.token_id,
      order_type: merchantInitiated,
    }
  if (payment.kind === "saved")
    return {
      ...base,
      token_id: payment.card.token_id,
      ...(payment.security_code
        ? { security_code: payment.security_code }
        : {}),
    }
  return {
    ...base,
    card: payment.card.number,
    expiration_month: payment.card.expiry_month,
    expiration_year: payment.card.expiry_year,
    security_code: payment.card.security_code,
    ...(payment.keep_for ? { token_flag: "YES" as const } : {}),
  }
}

/** What the session records of saved cards for this attempt, before its request leaves. */
function savedCardUse(
  core: ProviderCore,
  payment: CardPayment
): SessionData["saved_card"] {
  if (payment.kind === "saved")
    return {
      customer_id: payment.card.customer_id,
      paid_with: true,
      id: payment.card.id,
    }
  return keptCardUse(core, payment.keep_for)
}

/** A saved card that paid was used now; one the acquirer no longer knows (E0011) leaves the customer's list. */
async function noteSavedCard(
  payment: CardPayment,
  data: SessionData
): Promise<void> {
  if (payment.kind !== "saved") return
  if (data.status === "authorized" || data.status === "captured")
    await cardUsed(payment.card.id)
  else if (data.result?.code === ERROR_CODE.STORED_CARD_NOT_FOUND)
    await cardLapsed(payment.card.id)
}
