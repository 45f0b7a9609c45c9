import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { reviewAcquiringPaymentWorkflow } from "../../../../../../workflows/review-acquiring-payment"
import type { AdminReviewBody } from "./validators"

/**
 * POST /admin/acquiring/payments/:id/review {decision: "release" | "reject"};
 * the decision goes on the order's record with the admin user who made it.
 * The body was validated in middlewares.ts.
 */
export async function POST(
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
