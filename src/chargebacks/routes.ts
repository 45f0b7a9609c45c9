import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateQuery } from "../input-hardening/validate-query"
import { ChargebackListQuery } from "../admin-contract/chargebacks"

export const chargebackRoutes: MiddlewareRoute[] = [
  {
    methods: ["GET"],
    matcher: "/admin/acquiring/chargebacks",
    middlewares: [validateQuery(ChargebackListQuery)],
  },
  {
    methods: ["GET"],
    matcher: "/admin/acquiring/chargebacks/export",
    middlewares: [validateQuery(ChargebackListQuery)],
  },
]
