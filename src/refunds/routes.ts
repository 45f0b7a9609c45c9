import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateBody } from "../input-hardening"
import { validateQuery } from "../input-hardening/validate-query"
import {
  AdminRecordRefundBody,
  AdminRefundSearchQuery,
} from "./refund-validators"

export const refundRoutes: MiddlewareRoute[] = [
  {
    methods: ["GET"],
    matcher: "/admin/acquiring/refunds",
    middlewares: [validateQuery(AdminRefundSearchQuery)],
  },
  {
    methods: ["POST"],
    matcher: "/admin/acquiring/refunds/record",
    middlewares: [validateBody(AdminRecordRefundBody)],
  },
]
