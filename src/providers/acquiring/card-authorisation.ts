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
import { toMedusaError } from "./medusa-errors"
import { nextOrderNumber, orderNumberFor } from "./order-number"
import { buildPaymentOrder } from "./payment-order"
import type { AcquiringSessionData } from "./session-data"
import { isSettled } from "./status-map"
import { voidAttempt } from "./settlement"

export interface SessionAmount {
  amount: string
  currency: string
}

/** The order number the next attempt uses, after settling what the previous one became. */
export async function prepareAttempt(ctx: CoreContext, data: AcquiringSessionData): Promise<AcquiringSessionData> {
  if (!data.session_id) throw new MedusaError(MedusaError.Types.INVALID_DATA, "The payment session data has no session_id")
  const first = orderNumberFor(ctx.options.order_prefix, data.session_id)
  const current = data.order_no ?? first
  if (data.status === "error") return { ...data, order_no: nextOrderNumber(ctx.options.order_prefix, current) }
  if (!data.transaction_id && data.status !== "requires_more") return { ...data, order_no: current }

  // an earlier attempt reached the service: find out what became of it
  const { data: confirmed, answer } = await confirmWithQuery(ctx, { ...data, order_no: current })
  if (isSettled(confirmed.status)) return confirmed
  if (confirmed.status === "error") return { ...confirmed, order_no: nextOrderNumber(ctx.options.order_prefix, current) }
  if (answer.kind === "unavailable") {
    throw new MedusaError(MedusaError.Types.CONFLICT, "An earlier payment attempt could not be confirmed; try again shortly")
  }
  if (answer.kind === "found") await voidAttempt(ctx, confirmed)
  return { ...confirmed, status: "pending", order_no: nextOrderNumber(ctx.options.order_prefix, current) }
}

export async function authoriseCard(
  ctx: CoreContext,
  stored: AcquiringSessionData,
  session: SessionAmount,
  entry: CardEntry
): Promise<AcquiringSessionData> {
  if (stored.status === "canceled") {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "The payment session was canceled; start a new one")
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

  try {
    const result = await ctx.gateway.authorise(order)
    ctx.log("info", `authorise ${orderNo}: order_status ${result.order_status}`, { result: result.result })
    return applyResult(ctx, attempt, result, entry.card.number)
  } catch (error) {
    if (error instanceof GatewayRefusedError && error.code !== ERROR_CODE.DUPLICATE_ORDER_NO) {
      ctx.log("info", `authorise ${orderNo} refused`, { code: error.code, text: error.text })
      return { ...attempt, status: "error", order_status: "0", result: { code: error.code, text: error.text } }
    }
    const unclear =
      (error instanceof GatewayRefusedError && error.code === ERROR_CODE.DUPLICATE_ORDER_NO) ||
      (error instanceof TransportError && error.may_have_reached_gateway)
    if (unclear) {
      const { data: confirmed, answer } = await confirmWithQuery(ctx, attempt)
      if (answer.kind === "found") return confirmed
    }
    ctx.log("warn", `authorise ${orderNo} failed`, { error })
    throw toMedusaError(error, "card payment")
  }
}
