/** Medusa's own capture route, held one at a time per payment and guarded before its workflow runs. */
import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateParams } from "../input-hardening"
import { idParams } from "../input-hardening/route-params"
import { lockPaymentMoney } from "../order-payments/payment-locks"
import { refuseCaptureOfCanceledOrder } from "./capture-guard"

export const captureRoutes: MiddlewareRoute[] = [
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
]
