import { defineMiddlewares } from "@medusajs/framework/http"
import { attachAcquiringCart } from "./middlewares/attach-cart"
import { refuseCaptureOfCancelledOrder } from "./middlewares/capture-guard"
import { refuseSessionsOnPaidCollection } from "./middlewares/paid-collection-guard"

export default defineMiddlewares({
  routes: [
    {
      methods: ["POST"],
      matcher: "/store/payment-collections/:id/payment-sessions",
      middlewares: [refuseSessionsOnPaidCollection, attachAcquiringCart],
    },
    {
      methods: ["POST"],
      matcher: "/admin/payments/:id/capture",
      middlewares: [refuseCaptureOfCancelledOrder],
    },
  ],
})
