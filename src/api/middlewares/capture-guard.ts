/**
 * Middleware on POST /admin/payments/:id/capture, run under the payment's
 * lock: the money of a cancelled order is never captured, whatever state
 * the payment was left in; a payment partly captured is not captured again
 * (the acquirer released the rest), and the admin is told so rather than
 * answered with a silent 200.
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { isAcquiringProvider } from "../../providers/acquiring/config/provider-entries"
import { parseSessionData } from "../../providers/acquiring/session/session-data"

export async function refuseCaptureOfCancelledOrder(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  try {
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "payment",
      fields: [
        "id",
        "provider_id",
        "data",
        "captures.id",
        "payment_collection.order.id",
        "payment_collection.order.status",
      ],
      filters: { id: req.params.id },
    })
    const payment = data[0] as
      | {
          provider_id?: string
          data?: unknown
          captures?: { id: string }[]
          payment_collection?: { order?: { id: string; status?: string } }
        }
      | undefined
    const order = payment?.payment_collection?.order
    if (
      payment &&
      isAcquiringProvider(payment.provider_id) &&
      order?.status === "canceled"
    ) {
      res.status(400).json({
        type: "not_allowed",
        message: `Payment ${req.params.id} belongs to order ${order.id}, which is cancelled: its money is not captured (the authorisation is being voided)`,
      })
      return
    }
    const stored = parseSessionData(payment?.data)
    if (
      payment &&
      isAcquiringProvider(payment.provider_id) &&
      payment.captures?.length &&
      stored.captured_amount
    ) {
      res.status(400).json({
        type: "not_allowed",
        message: `Payment ${req.params.id} was captured in part (${stored.captured_amount} of ${stored.amount} ${stored.currency}); the acquirer captures a payment once and released the rest, so nothing more can be captured`,
      })
      return
    }
    next()
  } catch (error) {
    next(error)
  }
}
