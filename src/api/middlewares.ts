/**
 * The plugin's middlewares on its own routes and on Medusa's, each concern's
 * list in the order Medusa must run them: the request log's masking first,
 * then the session guards, the id checks, and each body's validator.
 */
import { defineMiddlewares } from "@medusajs/framework/http"
import { idChecks } from "../input-hardening/route-params"
import { requestLogRoutes } from "../request-log/middlewares"
import { paymentSessionRoutes } from "../checkout/middlewares"
import { authorizationRoutes } from "../authorization/middlewares"
import { captureRoutes } from "../capture/middlewares"
import { orderChangeRoutes } from "../order-changes/middlewares"
import { refundRoutes } from "../refunds/middlewares"
import { riskReviewRoutes } from "../risk-review/middlewares"
import { subscriptionRoutes } from "../subscriptions/middlewares"
import { renewalRoutes } from "../renewals/middlewares"
import { merchantChargeRoutes } from "../merchant-charges/middlewares"
import { payoutRoutes } from "../payouts/middlewares"
import { paymentLinkRoutes } from "../payment-links/middlewares"
import { accountRoutes } from "../accounts/middlewares"
import { chargebackRoutes } from "../chargebacks/middlewares"
import { paymentReportRoutes } from "../payments-overview/middlewares"
import { notificationRoutes } from "../notifications/middlewares"

export default defineMiddlewares({
  routes: [
    ...requestLogRoutes,
    ...notificationRoutes,
    ...paymentSessionRoutes,
    ...authorizationRoutes,
    ...idChecks,
    ...captureRoutes,
    ...orderChangeRoutes,
    ...refundRoutes,
    ...riskReviewRoutes,
    ...subscriptionRoutes,
    ...renewalRoutes,
    ...merchantChargeRoutes,
    ...payoutRoutes,
    ...paymentLinkRoutes,
    ...accountRoutes,
    ...chargebackRoutes,
    ...paymentReportRoutes,
  ],
})
