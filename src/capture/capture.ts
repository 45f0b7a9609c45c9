/**
 * Capture of the amount Medusa records, whole or partial. The acquirer
 * captures a transaction once (wire contract: a capture below the
 * authorised amount captures that part and releases the rest), so Medusa's
 * first capture of a payment is the only one: a second is refused before
 * anything is sent. Idempotent: Medusa recording a capture the acquirer
 * already made sends nothing; a capture whose answer was lost is confirmed
 * with the status query before another is sent; the money of a cancelled
 * order is never captured. An authorisation past its lifetime is confirmed
 * with the status query first: once the acquirer reads it as released
 * (1100), no capture is sent and the merchant is told it lapsed.
 */
import { MedusaError } from "@medusajs/framework/utils"
import {
  compareAmounts,
  InvalidInputError,
  roundAmount,
  subtractAmounts,
  type AmountInput,
} from "../gateway/index"
import type { ProviderCore } from "../accounts/core"
import {
  hasLapsed,
  lapseTime,
} from "../payment-sessions/authorization-lifetime"
import type { SessionData } from "../payment-sessions/session-data"
import { queryMeaning } from "../payment-sessions/status-meaning"
import { captured } from "../payment-sessions/payment-transitions"
import { lookupOrder } from "../acquirer-calls/status-query"
import { batchEntry } from "../acquirer-calls/batch-entry"
import {
  lapsedError,
  refusedEntryError,
  unsettledError,
} from "../journal/errors"
import { runEntry, type EntryRun } from "../acquirer-calls/run-entry"
import {
  applyQueryToPayment,
  refreshPayment,
  rulesOf,
} from "../acquirer-calls/settle-attempts"

export interface CaptureRequest {
  /** the amount of Medusa's capture; the whole authorised amount when absent */
  amount?: AmountInput
  /** how many other captures Medusa already holds for the payment */
  earlier_captures?: number
  payment_id?: string
  /** the time the lapse of the authorisation is judged against; default now */
  now?: Date
}

/** What the acquirer captured of a captured payment. */
export function capturedAmount(data: SessionData): string | undefined {
  return data.captured_amount ?? data.amount
}

export async function capturePayment(
  core: ProviderCore,
  stored: SessionData,
  request: CaptureRequest = {}
): Promise<SessionData> {
  let data = stored
  const currency = data.currency as string
  const amount = captureAmountOf(data, request.amount)
  if (request.earlier_captures) throw secondCaptureError(data)
  if (data.status === "captured") return recordMade(data, amount)
  if (data.status === "canceled" || data.void_pending) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "Cannot capture: the payment was canceled (its order was cancelled or the authorisation voided)"
    )
  }
  if (data.review === "held") {
    data = (await refreshPayment(core, data)).data
    if (data.status === "captured") return recordMade(data, amount)
    if (data.review === "held") {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "Cannot capture: the payment is held for risk review; release it first"
      )
    }
  }
  const lifetime = core.options.authorisation_lifetime_days
  if (hasLapsed(data, lifetime, request.now ?? new Date())) {
    data = (await refreshPayment(core, data)).data
    if (data.status === "captured") return recordMade(data, amount)
    if (data.status === "canceled")
      throw lapsedError(lapseTime(data, lifetime), lifetime)
    // still held (or the query failed): the acquirer decides the capture itself
  }
  const earlier = await settleLostCaptures(core, data)
  if (earlier) return recordMade(captured(data, earlier), amount)

  const entry = { ...batchEntry(data, "capture"), amount }
  const run = await runEntry(core, {
    kind: "capture",
    entry,
    data,
    payment_id: request.payment_id,
    isDone: (answer) =>
      answer.kind === "found" &&
      queryMeaning(answer.entry, rulesOf(core))?.state === "captured",
    send: async () => core.gateway.capture(entry),
  })
  if (run.outcome === "done") {
    if (compareAmounts(amount, data.amount as string) < 0) {
      core.log(
        "info",
        `capture ${data.order_no}: ${amount} of ${data.amount} ${currency} captured, ${subtractAmounts(data.amount as string, amount, currency)} ${currency} released`
      )
    }
    return captured(data, amount)
  }
  if (run.outcome === "refused")
    throw refusalOf(core, data, run, request.now ?? new Date())
  throw unsettledError(
    `The acquirer's answer to the capture of ${data.order_no} was lost and its outcome is being confirmed. Try again in a minute: a capture is never made twice.`
  )
}

/**
 * A refused capture. E0005 (not allowed in the payment's state) with the
 * status query reading the payment released (1100) is a lapsed
 * authorisation once its lifetime is over, or else a void made elsewhere.
 */
function refusalOf(
  core: ProviderCore,
  data: SessionData,
  run: Extract<EntryRun, { outcome: "refused" }>,
  now: Date
): MedusaError {
  if (run.error?.code !== "E0005" || run.answer?.kind !== "found")
    return refusedEntryError("capture", run.error)
  const after = applyQueryToPayment(core, data, run.answer.entry)
  if (after.status !== "canceled")
    return refusedEntryError("capture", run.error)
  const lifetime = core.options.authorisation_lifetime_days
  const lapse = lapseTime(after, lifetime)
  if (lapse && lapse.getTime() <= now.getTime())
    return lapsedError(lapse, lifetime)
  return new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    `The acquirer refused the capture (${run.error.code}:${run.error.text}): it has released the authorisation; ask the customer to pay again`
  )
}

/** Medusa's capture amount in the currency's digits, never above the authorised amount. */
function captureAmountOf(data: SessionData, requested?: AmountInput): string {
  const currency = data.currency as string
  const authorized = data.amount as string
  if (requested === undefined) return authorized
  let amount: string
  try {
    amount = roundAmount(requested, currency, "capture amount")
  } catch (error) {
    const reason =
      error instanceof InvalidInputError
        ? `${error.field} ${error.reason}`
        : "capture amount is not a decimal number"
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `The capture cannot be sent: ${reason}`
    )
  }
  if (compareAmounts(amount, authorized) > 0) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Cannot capture ${amount} ${currency}: the acquirer authorised ${authorized} ${currency}`
    )
  }
  return amount
}

/** Medusa records a capture the acquirer already made: only of the amount it made. */
function recordMade(data: SessionData, amount: string): SessionData {
  const made = capturedAmount(data) as string
  if (compareAmounts(made, amount) === 0) return data
  throw new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    `Cannot capture ${amount} ${data.currency}: the acquirer has captured ${made} ${data.currency} of this payment (it captures a payment once). Capture exactly ${made} to record it`
  )
}

function secondCaptureError(data: SessionData): MedusaError {
  const made = data.status === "captured" ? capturedAmount(data) : undefined
  const released =
    made && data.amount && compareAmounts(made, data.amount) < 0
      ? `; the remaining ${subtractAmounts(data.amount, made, data.currency as string)} ${data.currency} was released`
      : ""
  return new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    `Cannot capture again: the acquirer captures a payment once${made ? ` and has captured ${made} ${data.currency}${released}` : ""}. Nothing was sent`
  )
}

/**
 * An earlier capture Medusa does not hold (its answer was lost, so Medusa
 * dropped it): the journal, or else the status query, says whether it was
 * made; its amount, journalled before it left, is what was captured.
 * Returns that amount, or undefined when none was made and a new capture
 * may be sent; throws while the outcome cannot be known.
 */
async function settleLostCaptures(
  core: ProviderCore,
  data: SessionData
): Promise<string | undefined> {
  const orderNo = data.order_no as string
  const earlier = await core.journal.list({
    kind: "capture",
    order_no: orderNo,
    state: ["sent", "unknown", "done"],
  })
  const made = earlier.find((op) => op.state === "done")
  if (made) return made.amount ?? (data.amount as string)
  const open = earlier
  if (!open.length) return undefined
  const answer = await lookupOrder(core, orderNo)
  if (answer.kind !== "found")
    throw unsettledError(
      `An earlier capture of ${orderNo} is still being confirmed with the acquirer. Try again in a minute: a capture is never made twice.`
    )
  const state = queryMeaning(answer.entry, rulesOf(core))?.state
  const last = open[open.length - 1]
  if (state === "captured") {
    for (const op of open)
      await core.journal.settle(op.id, {
        state: op === last ? "done" : "refused",
      })
    return last.amount ?? (data.amount as string)
  }
  if (state === "authorized") {
    for (const op of open)
      await core.journal.settle(op.id, {
        state: "refused",
        result_text: "not made: the status query shows the payment authorised",
      })
    return undefined
  }
  throw unsettledError(
    `An earlier capture of ${orderNo} is still being confirmed with the acquirer. Try again in a minute: a capture is never made twice.`
  )
}
