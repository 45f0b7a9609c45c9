import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateParams } from "../input-hardening"
import { idParams } from "../input-hardening/route-params"
import { keepAuthorizationOn } from "./order-change-capture"

// Medusa voids an authorised payment when it confirms an order change: capture what it owes first
export const orderChangeRoutes: MiddlewareRoute[] = (
  [
    ["/admin/order-edits/:id/confirm", "order_edit", "an order id"],
    ["/admin/exchanges/:id/request", "exchange", "an exchange id"],
    ["/admin/claims/:id/request", "claim", "a claim id"],
    ["/admin/returns/:id/request", "return", "a return id"],
    ["/admin/returns/:id/receive/confirm", "return", "a return id"],
  ] as const
).map(([matcher, kind, what]) => ({
  methods: ["POST" as const],
  matcher,
  middlewares: [
    validateParams(idParams("id", what)),
    keepAuthorizationOn(kind),
  ],
}))
