/**
 * POST /admin/acquiring/payments/:id/reauthorise: the order page's
 * re-authorisation of a lapsed (or captured and since raised) payment with
 * the customer's saved card (reauthorize.ts), one click at a time per order.
 */
import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { lockingModule, orderPaymentLockKey } from "../locking/locks"
import { lapseOfPayment } from "../order-payments/payment-lapse"
import { orderIdOfPayment } from "../risk-review/review-decisions"
import { conflict, reauthorize, type ReauthorizeReply } from "./reauthorize"

export async function reauthorizePaymentRoute(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
): Promise<void> {
  const paymentId = req.params.id
  // 404 for a payment of another provider or none
  await lapseOfPayment(req.scope, paymentId)
  const orderId = await orderIdOfPayment(req.scope, paymentId)
  // the payment-link lock: two clicks, or a click and a new link, make one collection and one authorisation
  const answer: ReauthorizeReply = orderId
    ? await lockingModule(req.scope).execute(
        orderPaymentLockKey(orderId),
        () => reauthorize(req.scope, paymentId, orderId),
        { timeout: 30 }
      )
    : conflict("This payment belongs to no order: nothing to re-authorise.")
  res.status(answer.status).json(answer.body)
}
