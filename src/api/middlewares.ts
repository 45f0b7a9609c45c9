/**
 * The plugin's middlewares on its own routes and on Medusa's, each concern's
 * list in the order Medusa must run them: the request log's masking first,
 * then the session guards, the id checks, and each body's validator.
 */
import { defineMiddlewares } from "@medusajs/framework/http"
import { idChecks } from "../input-hardening/route-params"
import { requestLogRoutes } from "../request-log/routes"
import { paymentSessionRoutes } from "../checkout/routes"
import { authorizationRoutes } from "../authorization/routes"
import { captureRoutes } from "../capture/routes"
import { orderChangeRoutes } from "../order-changes/routes"
import { refundRoutes } from "../refunds/routes"
import { riskReviewRoutes } from "../risk-review/routes"
import { subscriptionRoutes } from "../subscriptions/routes"
import { payoutRoutes } from "../payouts/routes"
import { paymentLinkRoutes } from "../payment-links/routes"
import { accountRoutes } from "../accounts/routes"
import { chargebackRoutes } from "../chargebacks/routes"
import { paymentHistoryRoutes } from "../payment-history/routes"
import { notificationRoutes } from "../notifications/routes"

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
    ...payoutRoutes,
    ...paymentLinkRoutes,
    ...accountRoutes,
    ...chargebackRoutes,
    ...paymentHistoryRoutes,
  ],
})
