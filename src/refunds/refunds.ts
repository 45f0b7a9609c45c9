/**
 * Refunds, partial and several per payment, never made twice.
 *
 * Every refund is journalled before it leaves, with Medusa's refund id in
 * `refund_reason`, so a refund whose answer is lost is found again in the
 * refund search instead of being sent again. While a refund of the payment
 * is unsettled, a new one is refused. A refund the acquirer made that Medusa
 * lacks (a lost answer settled later, a REFUND notification, the merchant
 * portal) is journalled as `done`; Medusa's next refund of that amount
 * records it without sending anything.
 *
 * Amounts: Medusa's BigNumber is converted exactly and rounded once, half-up,
 * to the currency's digits.
 */
import BigNumberJs from "bignumber.js"
import { MedusaError } from "@medusajs/framework/utils"
import {
  currencyDigits,
  InvalidInputError,
  isOutcomeUnknown,
  roundAmount,
  toDecimal,
  type AmountInput,
  type RefundSearchEntry,
} from "../gateway/index"
import type { ProviderCore } from "../accounts/core"
import type { SessionData } from "../payment-sessions/session-data"
import { refundRecorded } from "../payment-sessions/payment-transitions"
import { batchEntry } from "../acquirer-calls/batch-entry"
import {
  refusedEntryError,
  toMedusaError,
  unsettledError,
} from "../journal/errors"
import type { Operation } from "../journal/journal"
import { capturedAmount } from "../capture/capture"
import { refundRefusal } from "../chargebacks/chargeback-text"

const REASON_MAX = 50
const REASON_PREFIX = "Medusa refund "

export function refundReason(
  reference: string | undefined
): string | undefined {
  return reference
    ? `${REASON_PREFIX}${reference}`.slice(0, REASON_MAX)
    : undefined
}

/** Medusa's refund id back from a refund_reason written by `refundReason`. */
export function referenceOfReason(
  reason: string | undefined
): string | undefined {
  return reason?.startsWith(REASON_PREFIX)
    ? reason.slice(REASON_PREFIX.length) || undefined
    : undefined
}

/** The refund search lists refused refunds too: only one that was made counts. */
export function wasMade(record: RefundSearchEntry): boolean {
  return record.refund_status === undefined || record.refund_status === "1"
}

/** Refunds of the order the journal knows were made (recorded in Medusa or not). */
async function madeRefunds(
  core: ProviderCore,
  orderNo: string
): Promise<Operation[]> {
  return core.journal.list({
    kind: "refund",
    order_no: orderNo,
    state: ["done", "recorded"],
  })
}

export function refundableLeft(
  data: SessionData,
  made: readonly Pick<Operation, "amount">[]
): BigNumberJs {
  const refunded = made.reduce(
    (sum, op) => sum.plus(toDecimal(op.amount ?? "0")),
    new BigNumberJs(0)
  )
  // what was captured, not what was authorised: a partial capture released the rest
  return toDecimal(capturedAmount(data) as string).minus(refunded)
}

/** The wire refund amount; a rounding overshoot of at most one minor unit is trimmed to what is left. */
export function refundAmountFor(
  data: SessionData,
  amount: AmountInput,
  left: BigNumberJs
): string {
  const currency = data.currency as string
  let rounded: string
  try {
    rounded = roundAmount(amount, currency, "refund amount")
  } catch (error) {
    const reason =
      error instanceof InvalidInputError
        ? `${error.field} ${error.reason}`
        : "refund amount is not a decimal number"
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `The refund cannot be sent: ${reason}`
    )
  }
  const value = toDecimal(rounded)
  if (!value.isPositive() || value.isZero()) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "The refund amount must be greater than zero"
    )
  }
  const over = value.minus(left)
  const minorUnit = new BigNumberJs(1).shiftedBy(-currencyDigits(currency))
  if (
    over.isPositive() &&
    !over.isZero() &&
    over.isLessThanOrEqualTo(minorUnit)
  ) {
    return left.toFixed(currencyDigits(currency))
  }
  return rounded
}

/** The acquirer's refunds of the order, or undefined (logged) when the refund search fails. */
export async function searchRefunds(
  core: ProviderCore,
  orderNo: string
): Promise<RefundSearchEntry[] | undefined> {
  try {
    return await core.gateway.retrieveRefunds({ order_nos: [orderNo] })
  } catch (error) {
    core.log("warn", `refund search for ${orderNo} failed`, { error })
    return undefined
  }
}

/** Settles journalled refunds whose answer was lost: found made, or gone for good after the grace period. */
export async function settleLostRefunds(
  core: ProviderCore,
  orderNo: string,
  options: { now?: Date; graceMs?: number } = {}
): Promise<{ unsettled: Operation[]; found: Operation[] }> {
  const open = await core.journal.list({
    kind: "refund",
    order_no: orderNo,
    state: ["sent", "unknown"],
  })
  if (!open.length) return { unsettled: [], found: [] }
  const records = await searchRefunds(core, orderNo)
  if (!records) return { unsettled: open, found: [] }
  const now = (options.now ?? new Date()).getTime()
  const grace = options.graceMs ?? Math.max(2 * core.options.timeout_ms, 60_000)
  const unsettled: Operation[] = []
  const made: Operation[] = []
  for (const op of open) {
    const found = records.find(
      (r) =>
        wasMade(r) &&
        op.reference &&
        r.refund_reason === refundReason(op.reference)
    )
    if (found) {
      await core.journal.settle(op.id, {
        state: "done",
        acquirer_reference: found.refund_reference_id ?? null,
      })
      made.push(op)
      continue
    }
    const age = now - new Date(op.created_at ?? 0).getTime()
    if (age > grace)
      await core.journal.settle(op.id, {
        state: "refused",
        result_text: "not found in the refund search",
      })
    else unsettled.push(op)
  }
  return { unsettled, found: made }
}

export interface RefundRequest {
  amount: AmountInput
  /** Medusa's refund id */
  reference?: string
  payment_id?: string
}

export async function refundPayment(
  core: ProviderCore,
  data: SessionData,
  request: RefundRequest
): Promise<SessionData> {
  if (data.status !== "captured") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "Cannot refund: the payment is not captured"
    )
  }
  const orderNo = data.order_no as string
  const reference = request.reference
  if (reference && data.refunds?.some((r) => r.idempotency_key === reference))
    return data

  const { unsettled, found } = await settleLostRefunds(core, orderNo)
  if (found.length) {
    // the merchant may have asked again for the refund that was lost: say it was made instead of making another
    const made = found.map((op) => `${op.amount} ${op.currency}`).join(", ")
    throw unsettledError(
      `An earlier refund of this payment (${made}) whose answer was lost has now been confirmed as made at the acquirer; ` +
        `Medusa records it within minutes. Refund again only if a further refund is needed.`
    )
  }
  if (unsettled.length) {
    const pending = unsettled
      .map((op) => `${op.amount} ${op.currency}`)
      .join(", ")
    throw unsettledError(
      `An earlier refund of this payment (${pending}) is still being confirmed with the acquirer. ` +
        `No new refund is sent until it is settled (usually within minutes); then refund again if still needed.`
    )
  }

  const made = await madeRefunds(core, orderNo)
  const left = refundableLeft(data, made)
  const amount = refundAmountFor(data, request.amount, left)

  // a refund the acquirer made that Medusa lacks is recorded, not sent again
  const unrecorded = made.find(
    (op) =>
      op.state === "done" &&
      (op.reference === reference ||
        toDecimal(op.amount ?? "0").isEqualTo(toDecimal(amount)))
  )
  if (
    unrecorded &&
    (await core.journal.claim(unrecorded.id, "done", "recorded"))
  ) {
    core.log(
      "info",
      `refund ${orderNo} ${amount} ${data.currency}: recorded from the acquirer's ${unrecorded.acquirer_reference ?? "refund"}`
    )
    return refundRecorded(data, {
      refund_reference_id: unrecorded.acquirer_reference ?? "",
      amount,
      ...(reference ? { idempotency_key: reference } : {}),
    })
  }

  const disputed = await core.disputes.open([orderNo])
  if (disputed.length)
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      refundRefusal(disputed)
    )

  const reason = refundReason(reference)
  const entry = {
    ...batchEntry(data, "refund"),
    refund_amount: amount,
    ...(reason ? { refund_reason: reason } : {}),
  }
  const op = await core.journal.record({
    provider_id: core.provider_id,
    kind: "refund",
    order_no: orderNo,
    session_id: data.session_id ?? null,
    payment_id: request.payment_id ?? null,
    transaction_id: entry.transaction_id,
    amount,
    currency: data.currency ?? null,
    reference: reference ?? null,
  })
  const recorded = (acquirerReference: string | undefined) =>
    refundRecorded(data, {
      refund_reference_id: acquirerReference ?? "",
      amount,
      ...(reference ? { idempotency_key: reference } : {}),
    })

  try {
    const outcome = await core.gateway.refund(entry)
    if (!outcome?.ok) {
      await core.journal.settle(op.id, {
        state: "refused",
        result_code: outcome?.error?.code ?? null,
        result_text: outcome?.error?.text ?? null,
      })
      core.log("info", `refund ${orderNo} refused`, { error: outcome?.error })
      throw refusedEntryError("refund", outcome?.error)
    }
    await core.journal.settle(op.id, {
      state: "recorded",
      acquirer_reference: outcome.refund_reference_id ?? null,
    })
    core.log(
      "info",
      `refund ${orderNo} ${amount} ${data.currency}: ${outcome.refund_reference_id ?? ""}`
    )
    return recorded(outcome.refund_reference_id)
  } catch (error) {
    if (MedusaError.isMedusaError(error)) throw error
    if (!isOutcomeUnknown(error)) {
      await core.journal.settle(op.id, { state: "refused" })
      throw toMedusaError(error, "refund")
    }
    await core.journal.settle(op.id, { state: "unknown" })
    const records = reason ? await searchRefunds(core, orderNo) : undefined
    const found = records?.find((r) => r.refund_reason === reason && wasMade(r))
    if (found) {
      await core.journal.settle(op.id, {
        state: "recorded",
        acquirer_reference: found.refund_reference_id ?? null,
      })
      return recorded(found.refund_reference_id)
    }
    core.log(
      "warn",
      `refund ${orderNo} ${amount} ${data.currency}: outcome unknown`,
      { error }
    )
    throw unsettledError(
      `The acquirer's answer to the refund of ${amount} ${data.currency} was lost and its outcome is being confirmed. ` +
        `Medusa records it once the acquirer confirms it was made; no new refund of this payment is sent until then.`
    )
  }
}
