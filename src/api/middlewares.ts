import { defineMiddlewares } from "@medusajs/framework/http"
import { attachAcquiringCart } from "./acquiring-glue/attach-cart"

export default defineMiddlewares({
  routes: [
    {
      methods: ["POST"],
      matcher: "/store/payment-collections/:id/payment-sessions",
      middlewares: [attachAcquiringCart],
    },
  ],
})
