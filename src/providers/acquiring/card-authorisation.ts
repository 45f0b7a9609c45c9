/**
 * Card entered on the merchant's page: one authorise call per attempt, the
 * card in memory only. A session that is already authorised is never
 * charged again; a retry after a decline gets the next order number; a
 * duplicate or an unclear transport failure is settled by status query.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { GatewayRefusedError, TransportError } from "../../gateway/errors"
import { ERROR_CODE } from "../../gateway/statuses"
import type { CardEntry } from "./card-entry"
import { confirmWithQuery } from "./confirmation"
import { notifyUrlFor, type CoreContext } from "./core-context"
import { applyResult } from "./gateway-result"
import { toMedusaError, unsettledError } from "./medusa-errors"
import { nextOrderNumber, orderNumberFor } from "./order-number"
import { buildPaymentOrder } from "./payment-order"
import type { AcquiringSessionData } from "./session-data"
import { isSettled } from "./status-map"
import { voidAttempt } from "./settlement"

export interface SessionAmount {
  amount: string
  currency: string
}

/** A new attempt under the next order number: nothing of the previous attempt's outcome is carried over. */
function nextAttempt(
  ctx: CoreContext,
  data: AcquiringSessionData,
  current: string
): AcquiringSessionData {
  const {
    transaction_id: _id,
    order_status: _os,
    result: _r,
    card_masked: _c,
    three_ds: _t,
    risk: _k,
    ...kept
  } = data
  return {
    ...kept,
    status: "pending",
    order_no: nextOrderNumber(ctx.options.order_prefix, current),
  }
}

/**
 * The order number the next attempt uses, after settling what the previous one became.
 * `earlierReached`: the service is known to hold the current order number (it refused it as a duplicate).
 */
export async function prepareAttempt(
  ctx: CoreContext,
  data: AcquiringSessionData,
  options: { earlierReached?: boolean } = {}
): Promise<AcquiringSessionData> {
  if (!data.session_id)
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "The payment session data has no session_id"
    )
  const first = orderNumberFor(ctx.options.order_prefix, data.session_id)
  const current = data.order_no ?? first
  if (data.status === "error") return nextAttempt(ctx, data, current)
  if (
    !options.earlierReached &&
    !data.transaction_id &&
    data.status !== "requires_more"
  )
    return { ...data, order_no: current }

  // an earlier attempt reached the service: find out what became of it
  const { data: confirmed, answer } = await confirmWithQuery(ctx, {
    ...data,
    order_no: current,
  })
  if (isSettled(confirmed.status)) return confirmed
  if (confirmed.status === "error") return nextAttempt(ctx, confirmed, current)
  if (answer.kind === "unavailable") {
    throw unsettledError(
      "An earlier payment attempt could not be confirmed; try again shortly"
    )
  }
  // an open attempt (3-D Secure challenge, hosted page) must not be payable once a new one starts
  if (answer.kind === "found") await voidAttempt(ctx, confirmed)
  return nextAttempt(ctx, confirmed, current)
}

export async function authoriseCard(
  ctx: CoreContext,
  stored: AcquiringSessionData,
  session: SessionAmount,
  entry: CardEntry
): Promise<AcquiringSessionData> {
  if (stored.status === "canceled") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "The payment session was canceled; start a new one"
    )
  }
  // never charge a session twice
  if (isSettled(stored.status)) return stored
  const data = await prepareAttempt(ctx, stored)
  if (isSettled(data.status)) return data
  const orderNo = data.order_no as string

  const base = buildPaymentOrder({
    order_no: orderNo,
    amount: session.amount,
    currency: session.currency,
    cart: data.cart,
    device: data.device,
    client: data.client,
    holder: entry.holder,
    website: ctx.options.website,
    notify_url: notifyUrlFor(ctx),
    three_d_secure: ctx.options.three_d_secure,
    platform_source: ctx.options.platform_source,
    field_limits: ctx.options.limits?.fields,
  })
  const order = {
    ...base,
    card: entry.card.number,
    expiration_month: entry.card.expiry_month,
    expiration_year: entry.card.expiry_year,
    security_code: entry.card.security_code,
  }
  const attempt: AcquiringSessionData = {
    ...data,
    order_no: orderNo,
    amount: base.amount as string,
    currency: base.currency as string,
  }

  let failure: unknown
  try {
    const result = await ctx.gateway.authorise(order)
    ctx.log(
      "info",
      `authorise ${orderNo}: order_status ${result.order_status}`,
      { result: result.result }
    )
    // a concurrent submit (double click) already used this order number: its outcome is this session's
    if (result.result.code !== ERROR_CODE.DUPLICATE_ORDER_NO)
      return applyResult(ctx, attempt, result, entry.card.number)
    failure = new GatewayRefusedError(
      "authorise",
      result.result.code,
      result.result.text
    )
  } catch (error) {
    if (
      error instanceof GatewayRefusedError &&
      error.code !== ERROR_CODE.DUPLICATE_ORDER_NO
    ) {
      ctx.log("info", `authorise ${orderNo} refused`, {
        code: error.code,
        text: error.text,
      })
      return {
        ...attempt,
        status: "error",
        order_status: "0",
        result: { code: error.code, text: error.text },
      }
    }
    failure = error
  }
  const unclear =
    (failure instanceof GatewayRefusedError &&
      failure.code === ERROR_CODE.DUPLICATE_ORDER_NO) ||
    (failure instanceof TransportError && failure.may_have_reached_gateway)
  if (unclear) {
    const { data: confirmed, answer } = await confirmWithQuery(ctx, attempt)
    if (answer.kind === "found") return confirmed
  }
  ctx.log("warn", `authorise ${orderNo} failed`, { error: failure })
  throw toMedusaError(failure, "card payment")
}
