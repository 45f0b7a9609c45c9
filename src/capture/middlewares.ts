/** Medusa's own capture route, held one at a time per payment and guarded before its workflow runs. */
import type { MiddlewareRoute } from "@medusajs/framework/http"
import { heldMoneyRoute } from "../order-payments/payment-locks"
import { refuseCaptureOfCanceledOrder } from "./capture-guard"

export const captureRoutes: MiddlewareRoute[] = [
  // the guard reads the order under the lock, so an order cancel cannot land between
  heldMoneyRoute("/admin/payments/:id/capture", refuseCaptureOfCanceledOrder),
]
