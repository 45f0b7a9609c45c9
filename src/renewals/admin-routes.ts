import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { SubscriptionListQueryType } from "../admin-contract/subscriptions"
import { storeSubscriptions } from "./subscription-list"
import { adminSubscriptionView } from "./subscription-view"

/**
 * GET /admin/acquiring/subscriptions
 * Every subscription the store's shoppers started, newest first: where it
 * stands, its next deduction, the renewal orders made and the failed tries.
 * Cancelling is the payment's route (`POST /admin/acquiring/payments/:id/cancel-subscription`).
 */
export async function listSubscriptionsRoute(
  req: MedusaRequest,
  res: MedusaResponse
) {
  const query = req.validatedQuery as SubscriptionListQueryType
  const { facts, count } = await storeSubscriptions(req.scope, query)
  res.status(200).json({
    subscriptions: facts.map(adminSubscriptionView),
    count,
    limit: query.limit,
    offset: query.offset,
  })
}
