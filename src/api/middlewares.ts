import { authenticate, defineMiddlewares } from "@medusajs/framework/http"
import { attachAcquiringCart } from "./middlewares/attach-cart"
import { refuseCaptureOfCancelledOrder } from "./middlewares/capture-guard"
import { refuseSessionsOnPaidCollection } from "./middlewares/paid-collection-guard"

// a logged-in customer is known to the plugin's store routes (ownership); guests stay allowed
const optionalCustomer = authenticate("customer", ["session", "bearer"], { allowUnauthenticated: true })

export default defineMiddlewares({
  routes: [
    {
      methods: ["POST"],
      matcher: "/store/payment-collections/:id/payment-sessions",
      middlewares: [refuseSessionsOnPaidCollection, attachAcquiringCart],
    },
    {
      matcher: "/store/acquiring/*",
      middlewares: [optionalCustomer],
    },
    {
      methods: ["POST"],
      matcher: "/admin/payments/:id/capture",
      middlewares: [refuseCaptureOfCancelledOrder],
    },
  ],
})
