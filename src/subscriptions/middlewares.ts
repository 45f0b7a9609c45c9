import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateBody } from "../input-hardening"
import { AdminCancelSubscriptionBody } from "../refunds/refund-validators"

export const subscriptionRoutes: MiddlewareRoute[] = [
  {
    methods: ["POST"],
    matcher: "/admin/acquiring/payments/:id/cancel-subscription",
    middlewares: [validateBody(AdminCancelSubscriptionBody)],
  },
]
