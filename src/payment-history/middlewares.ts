import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateQuery } from "../input-hardening/validate-query"
import { HistorySearchQuery } from "../admin-contract/payment-history"
import { adminActionRoutes } from "./admin-actions"

export const paymentHistoryRoutes: MiddlewareRoute[] = [
  {
    methods: ["GET"],
    matcher: "/admin/acquiring/history",
    middlewares: [validateQuery(HistorySearchQuery)],
  },
  ...adminActionRoutes,
]
