import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateQuery } from "../input-hardening/validate-query"
import {
  PaymentsOverviewExportQuery,
  PaymentsOverviewQuery,
} from "../admin-contract/payments-overview"

export const paymentsOverviewRoutes: MiddlewareRoute[] = [
  {
    methods: ["GET"],
    matcher: "/admin/acquiring/payments-overview",
    middlewares: [validateQuery(PaymentsOverviewQuery)],
  },
  {
    methods: ["GET"],
    matcher: "/admin/acquiring/payments-overview/export",
    middlewares: [validateQuery(PaymentsOverviewExportQuery)],
  },
]
