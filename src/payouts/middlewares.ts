import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateBody } from "../input-hardening"
import { validateQuery } from "../input-hardening/validate-query"
import {
  CreatePayoutBody,
  ListPayoutsQuery,
} from "../admin-contract/payout-requests"

export const payoutRoutes: MiddlewareRoute[] = [
  {
    methods: ["GET"],
    matcher: "/admin/acquiring/payouts",
    middlewares: [validateQuery(ListPayoutsQuery)],
  },
  {
    methods: ["POST"],
    matcher: "/admin/acquiring/payouts",
    middlewares: [validateBody(CreatePayoutBody)],
  },
]
