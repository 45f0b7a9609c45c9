import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { signedInCustomer } from "../payment-sessions/ownership"
import { cancelAcquiringSubscriptionWorkflow } from "../subscriptions/workflows/cancel-acquiring-subscription"
import { customerSubscriptions } from "./subscription-list"
import { customerSubscriptionView } from "./subscription-view"

function owner(req: MedusaRequest): string {
  const customerId = signedInCustomer(req)
  if (!customerId)
    throw new MedusaError(
      MedusaError.Types.UNAUTHORIZED,
      "Sign in to see your subscriptions"
    )
  return customerId
}

/**
 * GET /store/acquiring/subscriptions
 * The signed-in customer's subscriptions, newest first (never another's;
 * a guest gets 401).
 */
export async function listCustomerSubscriptionsRoute(
  req: MedusaRequest,
  res: MedusaResponse
) {
  const facts = await customerSubscriptions(req.scope, owner(req))
  res.json({ subscriptions: facts.map(customerSubscriptionView) })
}

/** What the customer reads of a cancellation: no acquirer code. */
const CUSTOMER_MESSAGE = {
  cancelled: "Your subscription is cancelled: no further payments are taken.",
  unknown:
    "Your cancellation is being confirmed. Check again in a moment; cancelling again is safe.",
  refused:
    "Your subscription could not be cancelled just now. Please try again later or contact the store.",
} as const

/**
 * POST /store/acquiring/subscriptions/:id/cancel
 * The signed-in customer cancels one of their subscriptions at the
 * acquirer (under the payment's lock, journalled, as the admin's cancel);
 * another customer's, or any for a guest, is not found.
 */
export async function cancelCustomerSubscriptionRoute(
  req: MedusaRequest,
  res: MedusaResponse
) {
  const customerId = owner(req)
  const id = req.params.id
  const mine = async () =>
    (await customerSubscriptions(req.scope, customerId)).find(
      (f) => f.first.subscription?.recurring_id === id
    )
  const found = await mine()
  if (!found)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Subscription ${id} was not found`
    )
  const { result } = await cancelAcquiringSubscriptionWorkflow(req.scope).run({
    input: { payment_id: found.payment_id },
  })
  const after = (await mine()) ?? found
  res.status(result.outcome === "refused" ? 409 : 200).json({
    subscription: customerSubscriptionView(after),
    outcome: result.outcome,
    message: CUSTOMER_MESSAGE[result.outcome],
  })
}
