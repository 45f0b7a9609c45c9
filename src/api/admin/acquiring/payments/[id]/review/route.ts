import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { reviewAcquiringPaymentWorkflow } from "../../../../../../workflows/review-acquiring-payment"

const ReviewBody = z
  .object({
    decision: z.enum(["release", "reject"], {
      error: 'must be "release" or "reject"',
    }),
  })
  .strict()

/**
 * POST /admin/acquiring/payments/:id/review {decision: "release" | "reject"};
 * the decision goes on the order's record with the admin user who made it.
 */
export async function POST(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const parsed = ReviewBody.safeParse(req.body ?? {})
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = issue.path.map(String).join(".") || "body"
    const reason =
      issue.code === "unrecognized_keys"
        ? `unknown field(s) ${issue.keys.join(", ")}`
        : issue.message
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `${field}: ${reason}`)
  }
  const { result } = await reviewAcquiringPaymentWorkflow(req.scope).run({
    input: {
      payment_id: req.params.id,
      decision: parsed.data.decision,
      actor_id: req.auth_context?.actor_id ?? null,
    },
  })
  res.status(200).json({ payment: result })
}
