/**
 * The admin's decisions on one payment (`payments/[id]/…`): a review
 * released or rejected, a subscription cancelled. Each runs its workflow.
 */
import type {
  AuthenticatedMedusaRequest,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { cancelAcquiringSubscriptionWorkflow } from "../subscriptions/workflows/cancel-acquiring-subscription"
import { reviewAcquiringPaymentWorkflow } from "./workflows/review-acquiring-payment"
import type { AdminReviewBody } from "./review-validators"

/**
 * POST /admin/acquiring/payments/:id/review {decision: "release" | "reject"};
 * the decision goes on the order's record with the admin user who made it.
 * The body was validated in middlewares.ts.
 */
export async function reviewPaymentRoute(
  req: AuthenticatedMedusaRequest<AdminReviewBody>,
  res: MedusaResponse
) {
  const { result } = await reviewAcquiringPaymentWorkflow(req.scope).run({
    input: {
      payment_id: req.params.id,
      decision: req.validatedBody.decision,
      actor_id: req.auth_context?.actor_id ?? null,
    },
  })
  res.status(200).json({ payment: result })
}

/**
 * POST /admin/acquiring/payments/:id/cancel-subscription (no body). 200 with
 * the outcome: `cancelled`, `refused` (the subscription runs on) or `unknown`
 * (the answer was lost: asking again is safe).
 */
export async function cancelSubscriptionRoute(
  req: MedusaRequest,
  res: MedusaResponse
) {
  const { result } = await cancelAcquiringSubscriptionWorkflow(req.scope).run({
    input: { payment_id: req.params.id },
  })
  res.status(200).json({ subscription_cancellation: result })
}
