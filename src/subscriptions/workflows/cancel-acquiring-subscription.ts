import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  cancelAcquiringSubscriptionStep,
  type CancelAcquiringSubscriptionInput,
} from "../steps/cancel-acquiring-subscription"

export const cancelAcquiringSubscriptionWorkflowId =
  "cancel-acquiring-subscription"

/** POST /admin/acquiring/payments/:id/cancel-subscription runs this. */
export const cancelAcquiringSubscriptionWorkflow = createWorkflow(
  cancelAcquiringSubscriptionWorkflowId,
  (input: CancelAcquiringSubscriptionInput) => {
    const result = cancelAcquiringSubscriptionStep(input)
    return new WorkflowResponse(result)
  }
)
