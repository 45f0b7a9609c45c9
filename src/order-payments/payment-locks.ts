/**
 * Medusa's own money routes run one at a time per payment, on every
 * instance: a capture, a refund and an order cancel each hold the lock of
 * the payments they touch from before Medusa's workflow starts until its
 * answer is sent. Two refunds at once therefore never see each other in
 * flight, and a capture and an order cancel decide under one lock which
 * came first (the later one sees the earlier one's result).
 */
import type {
  MiddlewareRoute,
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { paymentLockKey } from "../locking/locks"
import { validateParams } from "../input-hardening"
import { idParams } from "../input-hardening/route-params"
import { acquiringPaymentsOfOrders } from "./acquiring-payments-of-order"
import { runUnderRequestLock } from "../locking/request-lock"

/** A refund may wait for a capture or refund whose answer is slow (the client's time-out, then a look-up). */
const WAIT_SECONDS = 45

const busy = (what: string) =>
  `Another capture, refund or cancellation of ${what} is in progress; try again when it has finished`

/** POST /admin/payments/:id/capture and /refund. */
export function lockPaymentMoney(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  runUnderRequestLock(req, res, next, {
    keys: [paymentLockKey(req.params.id)],
    waitSeconds: WAIT_SECONDS,
    busyMessage: busy(`payment ${req.params.id}`),
  })
}

/** The lock keys of an order's acquiring payments. */
async function orderPaymentKeys(
  req: MedusaRequest,
  orderId: string
): Promise<string[]> {
  const [order] = await acquiringPaymentsOfOrders(req.scope, { id: orderId })
  return (order?.payments ?? []).map((payment) => paymentLockKey(payment.id))
}

/** Runs `next` under the locks of the order's acquiring payments. */
export async function underOrderPaymentLocks(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction,
  orderId: string
) {
  let keys: string[]
  try {
    keys = await orderPaymentKeys(req, orderId)
  } catch (error) {
    next(error)
    return
  }
  runUnderRequestLock(req, res, next, {
    keys,
    waitSeconds: WAIT_SECONDS,
    busyMessage: busy(`a payment of order ${orderId}`),
  })
}

/** POST /admin/orders/:id/cancel: the locks of the order's acquiring payments. */
export function lockOrderPayments(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  return underOrderPaymentLocks(req, res, next, req.params.id)
}

type Middleware = NonNullable<MiddlewareRoute["middlewares"]>[number]

/**
 * One of Medusa's own money routes as a concern guards it: its id checked,
 * then held (a payment's lock for `/admin/payments/:id/…`, the order's
 * payments' for `/admin/orders/:id/…`), then the concern's `guard`, which
 * reads under the lock, before Medusa's workflow runs.
 */
export function heldMoneyRoute(
  matcher: `/admin/payments/:id/${string}` | `/admin/orders/:id/${string}`,
  guard: Middleware
): MiddlewareRoute {
  const ofPayment = matcher.startsWith("/admin/payments/")
  return {
    methods: ["POST"],
    matcher,
    middlewares: [
      validateParams(
        idParams("id", ofPayment ? "a payment id" : "an order id")
      ),
      ofPayment ? lockPaymentMoney : lockOrderPayments,
      guard,
    ],
  }
}
