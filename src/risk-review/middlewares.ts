import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateBody } from "../input-hardening"
import { AdminReviewBody } from "./review-validators"

export const riskReviewRoutes: MiddlewareRoute[] = [
  {
    methods: ["POST"],
    matcher: "/admin/acquiring/payments/:id/review",
    middlewares: [validateBody(AdminReviewBody)],
  },
]
