/**
 * Hosted payment page: the service answers the order with an HTML page that
 * forwards the shopper; the plugin passes it through unchanged. The result
 * is only ever taken from the status query or a verified notification.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { GatewayRefusedError } from "../../gateway/errors"
import { ERROR_CODE } from "../../gateway/statuses"
import { prepareAttempt, type SessionAmount } from "./card-authorisation"
import {
  cancelUrlFor,
  notifyUrlFor,
  returnUrlFor,
  type CoreContext,
} from "./core-context"
import { toMedusaError, unsettledError } from "./medusa-errors"
import { buildPaymentOrder } from "./payment-order"
import type { AcquiringSessionData } from "./session-data"
import { isSettled } from "./status-map"

export interface CheckoutStart {
  html: string
  data: AcquiringSessionData
}

export async function startCheckout(
  ctx: CoreContext,
  stored: AcquiringSessionData,
  session: SessionAmount
): Promise<CheckoutStart> {
  if (stored.status === "canceled") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "The payment session was canceled; start a new one"
    )
  }
  if (isSettled(stored.status))
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "The payment session is already paid"
    )
  let data = await prepareAttempt(ctx, stored)
  if (isSettled(data.status)) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "The payment session is already paid"
    )
  }
  // one retry: a duplicate order number means an earlier page for this attempt exists
  for (let round = 0; round < 2; round++) {
    const order = orderFor(ctx, data, session)
    try {
      const page = await ctx.gateway.checkout(order)
      ctx.log("info", `checkout page for ${data.order_no}`)
      return {
        html: page.html,
        data: {
          ...data,
          status: "pending",
          amount: order.amount as string,
          currency: order.currency as string,
        },
      }
    } catch (error) {
      if (
        round === 0 &&
        error instanceof GatewayRefusedError &&
        error.code === ERROR_CODE.DUPLICATE_ORDER_NO
      ) {
        // a page for this attempt is open already (a reload): void it, so only the new page can take a payment
        data = await prepareAttempt(ctx, data, { earlierReached: true })
        if (isSettled(data.status))
          throw new MedusaError(
            MedusaError.Types.NOT_ALLOWED,
            "The payment session is already paid"
          )
        continue
      }
      ctx.log("warn", `checkout for ${data.order_no} failed`, { error })
      throw toMedusaError(error, "hosted checkout")
    }
  }
  throw unsettledError("The hosted checkout could not be started; try again")
}

function orderFor(
  ctx: CoreContext,
  data: AcquiringSessionData,
  session: SessionAmount
) {
  const sessionId = data.session_id as string
  return buildPaymentOrder({
    order_no: data.order_no as string,
    amount: session.amount,
    currency: session.currency,
    cart: data.cart,
    device: data.device,
    client: data.client,
    website: ctx.options.website,
    notify_url: notifyUrlFor(ctx),
    return_url: returnUrlFor(ctx.options, sessionId),
    cancel_url: cancelUrlFor(ctx.options, sessionId),
    three_d_secure: ctx.options.three_d_secure,
    platform_source: ctx.options.platform_source,
    field_limits: ctx.options.limits?.fields,
  })
}
