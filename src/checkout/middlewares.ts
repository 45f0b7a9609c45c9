import { authenticate, type MiddlewareRoute } from "@medusajs/framework/http"
import { z } from "zod"
import { validateParams } from "../input-hardening"
import { checkedId } from "../input-hardening/route-params"
import { attachAcquiringCart } from "./attach-cart"
import { isAttemptToken } from "../payment-sessions/order-number"
import { refuseSessionsOnPaidCollection } from "./paid-collection-guard"
import { refuseUntrustedCheckoutRequest } from "./checkout-route-guard"
import { lockSessionCreation } from "../payment-sessions/session-creation-lock"

// a logged-in customer is known to the plugin's store routes (ownership); guests stay allowed
const optionalCustomer = authenticate("customer", ["session", "bearer"], {
  allowUnauthenticated: true,
})

export const paymentSessionRoutes: MiddlewareRoute[] = [
  // no methods: ahead of Medusa's own validators, which write a refused value into the answer
  // and the log, and which a hostile value makes throw (a prefix: every route under it)
  {
    matcher: "/store/payment-collections",
    middlewares: [refuseUntrustedCheckoutRequest],
  },
  {
    matcher: "/store/carts/:id/complete",
    middlewares: [refuseUntrustedCheckoutRequest],
  },
  {
    methods: ["POST"],
    matcher: "/store/payment-collections/:id/payment-sessions",
    middlewares: [
      lockSessionCreation,
      refuseSessionsOnPaidCollection,
      attachAcquiringCart,
    ],
  },
  {
    matcher: "/store/acquiring/*",
    middlewares: [optionalCustomer],
  },
  ...checkedId(
    "/store/acquiring/payment-sessions/:session_id",
    "session_id",
    "a payment session id"
  ),
  {
    methods: ["GET"],
    matcher: "/store/acquiring/returns/:attempt",
    middlewares: [
      validateParams(
        z.object({
          attempt: z
            .string()
            .refine(isAttemptToken, "is not a payment attempt token"),
        })
      ),
    ],
  },
]
