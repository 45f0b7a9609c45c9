/**
 * Refunds, partial and several per payment. Medusa's amount (a BigNumber
 * or its raw JSON) is converted exactly and rounded once, half-up, to the
 * currency digits, the same rule the authorised amount followed. Medusa's
 * refund id travels in refund_reason so a refund whose answer was lost can
 * be recognised in the refund search instead of being sent twice.
 */
import BigNumberJs from "bignumber.js"
import { MedusaError } from "@medusajs/framework/utils"
import {
  InvalidInputError,
  SignatureMismatchError,
  TransportError,
} from "../../gateway/errors"
import {
  roundAmount,
  toDecimal,
  type AmountInput,
} from "../../gateway/money/amount"
import { currencyDigits } from "../../gateway/money/currency-digits"
import type { CoreContext } from "./core-context"
import {
  refusedEntryError,
  toMedusaError,
  unsettledError,
} from "./medusa-errors"
import type { RefundRecord } from "./gateway-port"
import type { AcquiringSessionData, StoredRefund } from "./session-data"
import { batchEntry } from "./settlement"

const REASON_MAX = 50
const REASON_PREFIX = "Medusa refund "

export function refundReason(
  idempotencyKey: string | undefined
): string | undefined {
  return idempotencyKey
    ? `${REASON_PREFIX}${idempotencyKey}`.slice(0, REASON_MAX)
    : undefined
}

/** Medusa's refund id back from a refund_reason written by `refundReason`. */
function idempotencyKeyOf(reason: string | undefined): string | undefined {
  return reason?.startsWith(REASON_PREFIX)
    ? reason.slice(REASON_PREFIX.length) || undefined
    : undefined
}

/** What the stored refunds leave of the payment's amount. */
export function refundableLeft(data: AcquiringSessionData): BigNumberJs {
  const refunded = (data.refunds ?? []).reduce(
    (sum, refund) => sum.plus(toDecimal(refund.amount)),
    new BigNumberJs(0)
  )
  return toDecimal(data.amount as string).minus(refunded)
}

/** The refund search lists refused refunds too: only one that was made counts. */
function wasMade(record: RefundRecord): boolean {
  return record.refund_status === undefined || record.refund_status === "1"
}

/** The acquirer's refunds of the order, or undefined (logged) when the refund search fails. */
async function listedRefunds(
  ctx: CoreContext,
  data: AcquiringSessionData
): Promise<RefundRecord[] | undefined> {
  try {
    return await ctx.gateway.retrieveRefunds({
      order_nos: [data.order_no as string],
    })
  } catch (error) {
    ctx.log("warn", `refund search for ${data.order_no} failed`, { error })
    return undefined
  }
}

/** The wire refund amount; a rounding overshoot of at most one minor unit is trimmed to what is left. */
export function refundAmountFor(
  data: AcquiringSessionData,
  amount: AmountInput
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
  if (!toDecimal(rounded).isPositive() || toDecimal(rounded).isZero()) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "The refund amount must be greater than zero"
    )
  }
  const left = refundableLeft(data)
  const over = toDecimal(rounded).minus(left)
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

export async function refund(
  ctx: CoreContext,
  data: AcquiringSessionData,
  amount: AmountInput,
  idempotencyKey?: string
): Promise<AcquiringSessionData> {
  if (data.status !== "captured") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "Cannot refund: the payment is not captured"
    )
  }
  if (
    idempotencyKey &&
    data.refunds?.some((r) => r.idempotency_key === idempotencyKey)
  )
    return data
  const refundAmount = refundAmountFor(data, amount)
  const reason = refundReason(idempotencyKey)
  const entry = {
    ...batchEntry(data, "refund"),
    refund_amount: refundAmount,
    ...(reason ? { refund_reason: reason } : {}),
  }

  const record = (reference: string | undefined): AcquiringSessionData => {
    const stored: StoredRefund = {
      refund_reference_id: reference ?? "",
      amount: refundAmount,
    }
    if (idempotencyKey) stored.idempotency_key = idempotencyKey
    return { ...data, refunds: [...(data.refunds ?? []), stored] }
  }

  try {
    const [outcome] = await ctx.gateway.refund([entry])
    if (!outcome?.ok) {
      ctx.log("info", `refund ${data.order_no} refused`, {
        error: outcome?.error,
      })
      throw refusedEntryError("refund", outcome?.error)
    }
    ctx.log(
      "info",
      `refund ${data.order_no} ${refundAmount} ${data.currency}: ${outcome.refund_reference_id ?? ""}`
    )
    return await withAcquirerRefunds(ctx, record(outcome.refund_reference_id))
  } catch (error) {
    // an answer lost, or one whose signature failed: the acquirer may have refunded all the same
    const unclear =
      (error instanceof TransportError && error.may_have_reached_gateway) ||
      error instanceof SignatureMismatchError
    if (unclear) {
      const found = reason
        ? await findRefundByReason(ctx, data, reason)
        : undefined
      if (found) return record(found)
      // Medusa gives a retried refund a new id, so a retry could not recognise this one: say so instead of "retry"
      throw unsettledError(
        `The acquirer's answer to the refund of ${refundAmount} ${data.currency} for ${data.order_no} was lost or failed verification, and the refund ` +
          `may have been made. Check the acquirer's refunds for this order before refunding again.`
      )
    }
    throw toMedusaError(error, "refund")
  }
}

/**
 * Adds the refunds the acquirer lists for the order that the data lacks. Medusa hands each refund the
 * payment data it read before taking its lock, so of two refunds at once each would store only its own.
 * Best effort: without the refund search the data keeps what this call knows.
 */
async function withAcquirerRefunds(
  ctx: CoreContext,
  data: AcquiringSessionData
): Promise<AcquiringSessionData> {
  const records = await listedRefunds(ctx, data)
  if (!records) return data
  const known = new Set((data.refunds ?? []).map((r) => r.refund_reference_id))
  const missing: StoredRefund[] = []
  for (const r of records) {
    if (
      !r.refund_reference_id ||
      known.has(r.refund_reference_id) ||
      !r.refund_amount ||
      !wasMade(r)
    )
      continue
    if (r.transaction_id && r.transaction_id !== data.transaction_id) continue
    const key = idempotencyKeyOf(r.refund_reason)
    missing.push({
      refund_reference_id: r.refund_reference_id,
      amount: r.refund_amount,
      ...(key ? { idempotency_key: key } : {}),
    })
    known.add(r.refund_reference_id)
  }
  return missing.length
    ? { ...data, refunds: [...(data.refunds ?? []), ...missing] }
    : data
}

async function findRefundByReason(
  ctx: CoreContext,
  data: AcquiringSessionData,
  reason: string
): Promise<string | undefined> {
  const records = await listedRefunds(ctx, data)
  return records?.find((r) => r.refund_reason === reason && wasMade(r))
    ?.refund_reference_id
}
