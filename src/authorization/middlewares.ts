import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateBody } from "../input-hardening"
import { CardEntrySchema, HostedPageBodySchema } from "./card-entry"

export const authorizationRoutes: MiddlewareRoute[] = [
  {
    methods: ["POST"],
    matcher: "/store/acquiring/payment-sessions/:session_id/card",
    middlewares: [validateBody(CardEntrySchema)],
  },
  {
    methods: ["POST"],
    matcher: "/store/acquiring/payment-sessions/:session_id/hosted-page",
    // the page is built from the stored cart: only the wish to keep the card counts
    middlewares: [validateBody(HostedPageBodySchema)],
  },
]
