import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateBody } from "../input-hardening"
import { heldMoneyRoute } from "../order-payments/payment-locks"
import { refuseRefundMedusaWouldFail } from "./refund-guard"
import { validateQuery } from "../input-hardening/validate-query"
import {
  AdminRecordRefundBody,
  AdminRefundSearchQuery,
} from "./refund-validators"

export const refundRoutes: MiddlewareRoute[] = [
  // Medusa's own refund route, held one at a time per payment and guarded before its workflow runs
  heldMoneyRoute("/admin/payments/:id/refund", refuseRefundMedusaWouldFail),
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
