/**
 * Middleware on POST /store/payment-collections/:id/payment-sessions. For
 * the acquiring providers it gathers what the plugin trusts (the real cart,
 * the request's client data, the validated device data and, when the
 * storefront sells a subscription, the validated `subscription` object of
 * the payment order, and the payment method a shopper picked for the hosted
 * page, checked against what the acquirer offered) into the plugin's table
 * and replaces `data` with the
 * intake's opaque token, which the provider takes. Anything else the browser
 * put into `data` is dropped, so nothing it sends (card data included) can
 * reach the stored session.
 */
import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { DeviceSchema } from "../payment-sessions/device"
import { SubscriptionRequestSchema } from "../payment-sessions/subscription-request"
import { splitProviderId } from "../accounts/provider-entries"
import {
  clientContextOf,
  loadCartSnapshot,
} from "../payment-sessions/cart-snapshot-loader"
import { collectionCartOf } from "../payment-sessions/collection-cart"
import { withIntake } from "../payment-sessions/intake"
import { coreFor } from "../accounts/registry"
import { PaymentsUnavailableError } from "../accounts/payments-unavailable"
import { paymentsUnavailable } from "../session-access/store-answers"
import { availabilityCartOf } from "../accounts/availability-rules"
import { cartAvailability } from "../availability/availability-check"
import { chosenMethod } from "../payment-methods/chosen-method"

export async function attachAcquiringCart(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  const body = req.body as { provider_id?: unknown; data?: unknown } | undefined
  if (
    !body ||
    typeof body.provider_id !== "string" ||
    !splitProviderId(body.provider_id)
  )
    return next()
  const data =
    body.data && typeof body.data === "object"
      ? (body.data as Record<string, unknown>)
      : {}
  // the whole body was inspected ahead of Medusa's validator (checkout-route-guard.ts)
  const device = DeviceSchema.safeParse(data.device ?? {})
  if (!device.success) {
    refuseField(res, "device", device.error.issues[0])
    return
  }
  const subscription = SubscriptionRequestSchema.optional().safeParse(
    data.subscription ?? undefined
  )
  if (!subscription.success) {
    refuseField(res, "subscription", subscription.error.issues[0])
    return
  }
  try {
    const cart = await loadCartSnapshot(
      req.scope,
      req.params.id,
      collectionCartOf(res)
    )
    // a configuration fault is answered here, in the shopper's words, before Medusa starts the session
    let core
    try {
      core = await coreFor(req.scope, body.provider_id, {
        currency: cart?.currency_code,
        sales_channel_id: cart?.sales_channel_id,
        region_id: cart?.region_id,
      })
    } catch (error) {
      if (!(error instanceof PaymentsUnavailableError)) throw error
      paymentsUnavailable(res, error)
      return
    }
    // the account's availability rules, before Medusa starts the session (a collection without a cart has none to break)
    if (cart) {
      const verdict = await cartAvailability(
        core.account.id,
        body.provider_id,
        availabilityCartOf(cart)
      )
      if (!verdict.available) {
        res.status(400).json({
          type: "invalid_data",
          message: verdict.message,
          rule: verdict.rule,
        })
        return
      }
    }
    // a method other than a card opens the hosted page on it: only one the acquirer offered for this cart
    const method = await chosenMethod(req, {
      provider_id: body.provider_id,
      cart_id: cart?.id,
      asked: data.payment_method,
    })
    if (!method.ok) {
      refuseField(res, "payment_method", {
        code: "custom",
        path: [],
        message: method.reason,
      })
      return
    }
    // held for the provider in the request's context: Medusa stores the request's data and returns it to storefronts
    withIntake(
      {
        device: device.data,
        client: clientContextOf(req, core.options.ip_country_header),
        ...(cart ? { cart } : {}),
        ...(subscription.data ? { subscription: subscription.data } : {}),
        ...(method.payment_method
          ? { payment_method: method.payment_method }
          : {}),
      },
      (intake) => {
        body.data = { intake }
        next()
      }
    )
  } catch (error) {
    next(error)
  }
}

function refuseField(
  res: MedusaResponse,
  key: string,
  issue: {
    code: string
    path: PropertyKey[]
    message: string
    keys?: string[]
  }
): void {
  const field = ["data", key, ...issue.path.map(String)].join(".")
  const reason =
    issue.code === "unrecognized_keys"
      ? `unknown field(s) ${(issue.keys ?? []).join(", ")}`
      : issue.message
  res.status(400).json({
    type: "invalid_data",
    message: `Invalid ${field}: ${reason}`,
    issues: [{ field, reason }],
  })
}
