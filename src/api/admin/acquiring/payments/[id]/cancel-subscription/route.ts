import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { cancelAcquiringSubscriptionWorkflow } from "../../../../../../workflows/cancel-acquiring-subscription"

/**
 * POST /admin/acquiring/payments/:id/cancel-subscription (no body). 200 with
 * the outcome: `cancelled`, `refused` (the subscription runs on) or `unknown`
 * (the answer was lost: asking again is safe).
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const { result } = await cancelAcquiringSubscriptionWorkflow(req.scope).run({
    input: { payment_id: req.params.id },
  })
  res.status(200).json({ subscription_cancellation: result })
}
