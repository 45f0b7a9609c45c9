import { defineMiddlewares } from "@medusajs/framework/http"
import { attachAcquiringCart } from "./acquiring-glue/attach-cart"
import { refuseSessionsOnPaidCollection } from "./acquiring-glue/paid-collection-guard"

export default defineMiddlewares({
  routes: [
    {
      methods: ["POST"],
      matcher: "/store/payment-collections/:id/payment-sessions",
      middlewares: [refuseSessionsOnPaidCollection, attachAcquiringCart],
    },
  ],
})
