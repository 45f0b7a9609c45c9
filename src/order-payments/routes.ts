/** Medusa's own money routes, held one at a time per payment and guarded before its workflow runs. */
import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateParams } from "../input-hardening"
import { idParams } from "../input-hardening/route-params"
import { refuseCaptureOfCanceledOrder } from "../capture/capture-guard"
import { refuseRefundMedusaWouldFail } from "../refunds/refund-guard"
import { lockOrderPayments, lockPaymentMoney } from "./payment-locks"
import { refuseCancelWhileDisputed } from "../chargebacks/cancel-guard"

export const orderPaymentRoutes: MiddlewareRoute[] = [
  {
    methods: ["POST"],
    matcher: "/admin/payments/:id/capture",
    // the guard reads the order under the lock, so an order cancel cannot land between
    middlewares: [
      validateParams(idParams("id", "a payment id")),
      lockPaymentMoney,
      refuseCaptureOfCanceledOrder,
    ],
  },
  {
    methods: ["POST"],
    matcher: "/admin/payments/:id/refund",
    middlewares: [
      validateParams(idParams("id", "a payment id")),
      lockPaymentMoney,
      refuseRefundMedusaWouldFail,
    ],
  },
  {
    methods: ["POST"],
    matcher: "/admin/orders/:id/cancel",
    middlewares: [
      validateParams(idParams("id", "an order id")),
      lockOrderPayments,
      refuseCancelWhileDisputed,
    ],
  },
]
