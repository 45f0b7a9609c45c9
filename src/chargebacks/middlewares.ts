import type { MiddlewareRoute } from "@medusajs/framework/http"
import { heldMoneyRoute } from "../order-payments/payment-locks"
import { refuseCancelWhileDisputed } from "./cancel-guard"
import { validateQuery } from "../input-hardening/validate-query"
import { ChargebackListQuery } from "../admin-contract/chargebacks"

export const chargebackRoutes: MiddlewareRoute[] = [
  // Medusa's own order cancel, held per order and refused while a payment of it is disputed
  heldMoneyRoute("/admin/orders/:id/cancel", refuseCancelWhileDisputed),
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
