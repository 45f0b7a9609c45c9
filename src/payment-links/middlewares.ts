import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateBody } from "../input-hardening"
import { CreatePaymentLinkBody } from "./payment-link-validators"

export const paymentLinkRoutes: MiddlewareRoute[] = [
  {
    methods: ["POST"],
    matcher: "/admin/acquiring/orders/:id/payment-links",
    middlewares: [validateBody(CreatePaymentLinkBody)],
  },
]
