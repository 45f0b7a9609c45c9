/**
 * Middleware on POST /admin/payments/:id/refund, run under the payment's
 * lock. Medusa's refund workflow moves the money first and records the
 * order's credit line after; when that second part fails (the order has an
 * order change in progress, or is cancelled) the admin sees a 400 although
 * the refund was made, and a retry pays out again. Such a refund is refused
 * here, before any money moves.
 */
import {
  ContainerRegistrationKeys,
  OrderChangeStatus,
} from "@medusajs/framework/utils"
import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { acquiringPaymentOf } from "../order-payments/acquiring-payment"

type OrderChange = { id: string; change_type?: string | null }

export async function refuseRefundMedusaWouldFail(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  try {
    const order = (await acquiringPaymentOf(req))?.order
    if (!order) {
      next()
      return
    }
    if (order.status === "canceled") {
      refuse(
        res,
        `Order ${order.id} is cancelled: its captured money was refunded when it was cancelled, and Medusa records no further refund on it`
      )
      return
    }
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
    const changes = await query.graph({
      entity: "order_change",
      fields: ["id", "change_type"],
      filters: {
        order_id: order.id,
        status: [OrderChangeStatus.PENDING, OrderChangeStatus.REQUESTED],
      },
    })
    const open = changes.data[0] as OrderChange | undefined
    if (open) {
      refuse(
        res,
        `Order ${order.id} has an order change in progress (${open.change_type ?? "change"} ${open.id}); Medusa would make the refund but fail to record it. Confirm or cancel that change first, then refund: nothing was refunded`
      )
      return
    }
    next()
  } catch (error) {
    next(error)
  }
}

function refuse(res: MedusaResponse, message: string): void {
  res.status(409).json({ type: "conflict", message })
}
