import type { MiddlewareRoute } from "@medusajs/framework/http"
import { paymentHistoryRoutes } from "../payment-history/middlewares"
import { validateQuery } from "../input-hardening/validate-query"
import {
  PaymentsOverviewExportQuery,
  PaymentsOverviewQuery,
} from "../admin-contract/payments-overview"

const overviewRoutes: MiddlewareRoute[] = [
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

/** The admin's reports over every payment: the history and its search, and the overview. */
export const paymentReportRoutes: MiddlewareRoute[] = [
  ...overviewRoutes,
  ...paymentHistoryRoutes,
]
