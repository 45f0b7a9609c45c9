import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { sendPayoutStep } from "../steps/send-payout"

export const refreshAcquiringPayoutWorkflowId = "refresh-acquiring-payout"

/**
 * POST /admin/acquiring/payouts/:id/refresh and the job: the status query,
 * i.e. the payout's own request with its own request_id, which the acquirer
 * answers with the payout it made (or makes it, if the first never arrived).
 * A settled payout is not asked about again.
 */
export const refreshAcquiringPayoutWorkflow = createWorkflow(
  refreshAcquiringPayoutWorkflowId,
  (input: { id: string }) => {
    const payout = sendPayoutStep(input)
    return new WorkflowResponse(payout)
  }
)
