/**
 * Middleware on POST /admin/payments/:id/capture, run under the payment's
 * lock: the money of a cancelled order is never captured, whatever state
 * the payment was left in; a payment partly captured is not captured again
 * (the acquirer released the rest), and the admin is told so rather than
 * answered with a silent 200; nor is one whose authorisation lapsed, with
 * the date and what to do.
 */
import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { lapsedCaptureMessage } from "./lapsed-capture"
import { acquiringPaymentOf } from "../order-payments/acquiring-payment"

export async function refuseCaptureOfCanceledOrder(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  try {
    const payment = await acquiringPaymentOf(req)
    const order = payment?.order
    if (order?.status === "canceled") {
      res.status(400).json({
        type: "not_allowed",
        message: `Payment ${req.params.id} belongs to order ${order.id}, which is cancelled: its money is not captured (the authorisation is being voided)`,
      })
      return
    }
    const data = payment?.data
    if (payment?.captures && data?.captured_amount) {
      res.status(400).json({
        type: "not_allowed",
        message: `Payment ${req.params.id} was captured in part (${data.captured_amount} of ${data.amount} ${data.currency}); the acquirer captures a payment once and released the rest, so nothing more can be captured`,
      })
      return
    }
    // Medusa's own refusal of a cancelled payment does not say the authorisation lapsed
    const lapsed =
      payment && (await lapsedCaptureMessage(req.scope, req.params.id))
    if (lapsed) {
      res.status(400).json({ type: "not_allowed", message: lapsed })
      return
    }
    next()
  } catch (error) {
    next(error)
  }
}
