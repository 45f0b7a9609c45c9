import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateBody, validateParams } from "../input-hardening"
import { idParams } from "../input-hardening/route-params"
import { lockPaymentMoney } from "../order-payments/payment-locks"
import { refuseRefundMedusaWouldFail } from "./refund-guard"
import { validateQuery } from "../input-hardening/validate-query"
import {
  AdminRecordRefundBody,
  AdminRefundSearchQuery,
} from "./refund-validators"

export const refundRoutes: MiddlewareRoute[] = [
  // Medusa's own refund route, held one at a time per payment and guarded before its workflow runs
  {
    methods: ["POST"],
    matcher: "/admin/payments/:id/refund",
    middlewares: [
      validateParams(idParams("id", "a payment id")),
      lockPaymentMoney,
      refuseRefundMedusaWouldFail,
    ],
  },
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
