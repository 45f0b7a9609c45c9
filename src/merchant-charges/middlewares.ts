import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateBody } from "../input-hardening"
import { ChargeSavedCardBody } from "../admin-contract/merchant-charges"

export const merchantChargeRoutes: MiddlewareRoute[] = [
  {
    methods: ["POST"],
    matcher: "/admin/acquiring/orders/:id/charge-saved-card",
    middlewares: [validateBody(ChargeSavedCardBody)],
  },
]
