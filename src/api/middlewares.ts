import { authenticate, defineMiddlewares } from "@medusajs/framework/http"
import { z } from "zod"
import { validateBody, validateParams } from "../input-hardening"
import {
  CardEntrySchema,
  HostedPageBodySchema,
} from "../authorization/card-entry"
import {
  AdminCancelSubscriptionBody,
  AdminRecordRefundBody,
  AdminRefundSearchQuery,
} from "../refunds/refund-validators"
import {
  CreateAccountSchema,
  UpdateAccountSchema,
} from "../accounts/account-input"
import { isAttemptToken } from "../payment-sessions/order-number"
import { AdminReviewBody } from "../risk-review/review-validators"
import { attachAcquiringCart } from "../payment-sessions/attach-cart"
import { refuseCaptureOfCanceledOrder } from "../capture/capture-guard"
import {
  lockOrderPayments,
  lockPaymentMoney,
} from "../order-payments/payment-locks"
import { refuseRefundMedusaWouldFail } from "../refunds/refund-guard"
import { keepAuthorizationOn } from "../order-changes/order-change-capture"
import { refuseSessionsOnPaidCollection } from "../payment-sessions/paid-collection-guard"
import { refuseUntrustedSessionBody } from "../payment-sessions/session-body-guard"
import { lockSessionCreation } from "../payment-sessions/session-creation-lock"
import {
  LOG_SAFE_MATCHERS,
  logSafeRequest,
} from "../request-log/log-safe-request"
import { validateQuery } from "../input-hardening/validate-query"
import {
  CreatePayoutBody,
  ListPayoutsQuery,
} from "../admin-contract/payout-requests"
import { CreatePaymentLinkBody } from "../payment-links/payment-link-validators"

// Medusa's ids: anything else (a NUL, say) would reach PostgreSQL, which refuses it with a 500
function idParams(name: string, what: string) {
  return z.object({
    [name]: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, `is not ${what}`),
  })
}

/** Checks an id parameter on the route and on every route under it. */
function checkedId(matcher: string, name: string, what: string) {
  const middlewares = [validateParams(idParams(name, what))]
  return [
    { matcher, middlewares },
    { matcher: `${matcher}/*`, middlewares },
  ]
}

// a logged-in customer is known to the plugin's store routes (ownership); guests stay allowed
const optionalCustomer = authenticate("customer", ["session", "bearer"], {
  allowUnauthenticated: true,
})

export default defineMiddlewares({
  routes: [
    // no methods: Medusa runs these ahead of the plugin's other middlewares and its
    // handlers, so a card number in a URL is masked before anything logs it
    ...LOG_SAFE_MATCHERS.map((matcher) => ({
      matcher,
      middlewares: [logSafeRequest],
    })),
    // no methods: ahead of Medusa's own body validator, which a hostile value makes throw
    {
      matcher: "/store/payment-collections/:id/payment-sessions",
      middlewares: [refuseUntrustedSessionBody],
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
    ...checkedId("/store/acquiring/saved-cards/:id", "id", "a saved card id"),
    ...checkedId("/store/acquiring/carts/:id", "id", "a cart id"),
    ...checkedId("/admin/acquiring/payments/:id", "id", "a payment id"),
    ...checkedId("/admin/acquiring/saved-cards/:id", "id", "a saved card id"),
    ...checkedId("/admin/acquiring/customers/:id", "id", "a customer id"),
    ...checkedId("/admin/acquiring/payouts/:id", "id", "a payout id"),
    ...checkedId("/admin/acquiring/orders/:id", "id", "an order id"),
    ...checkedId(
      "/admin/acquiring/settings/accounts/:id",
      "id",
      "an account id"
    ),
    {
      methods: ["POST"],
      matcher: "/admin/payments/:id/capture",
      // the guard reads the order under the lock, so an order cancel cannot land between
      middlewares: [
        validateParams(idParams("id", "a payment id")),
        lockPaymentMoney,
        refuseCaptureOfCanceledOrder,
      ],
    },
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
      methods: ["POST"],
      matcher: "/admin/orders/:id/cancel",
      middlewares: [
        validateParams(idParams("id", "an order id")),
        lockOrderPayments,
      ],
    },
    // Medusa voids an authorised payment when it confirms an order change: capture what it owes first
    ...(
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
    })),
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
    {
      methods: ["POST"],
      matcher: "/admin/acquiring/payments/:id/review",
      middlewares: [validateBody(AdminReviewBody)],
    },
    {
      methods: ["POST"],
      matcher: "/admin/acquiring/payments/:id/cancel-subscription",
      middlewares: [validateBody(AdminCancelSubscriptionBody)],
    },
    {
      methods: ["GET"],
      matcher: "/admin/acquiring/payouts",
      middlewares: [validateQuery(ListPayoutsQuery)],
    },
    {
      methods: ["POST"],
      matcher: "/admin/acquiring/payouts",
      middlewares: [validateBody(CreatePayoutBody)],
    },
    {
      methods: ["POST"],
      matcher: "/admin/acquiring/orders/:id/payment-links",
      middlewares: [validateBody(CreatePaymentLinkBody)],
    },
    {
      methods: ["POST"],
      matcher: "/admin/acquiring/settings/accounts",
      middlewares: [validateBody(CreateAccountSchema)],
    },
    {
      methods: ["POST"],
      matcher: "/admin/acquiring/settings/accounts/:id",
      middlewares: [validateBody(UpdateAccountSchema)],
    },
  ],
})
