import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateQuery } from "../input-hardening/validate-query"
import { SubscriptionListQuery } from "../admin-contract/subscriptions"

export const renewalRoutes: MiddlewareRoute[] = [
  {
    methods: ["GET"],
    matcher: "/admin/acquiring/subscriptions",
    middlewares: [validateQuery(SubscriptionListQuery)],
  },
]
