import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  reviewAcquiringPaymentStep,
  type ReviewAcquiringPaymentInput,
} from "./steps/review-acquiring-payment"

export const reviewAcquiringPaymentWorkflowId = "review-acquiring-payment"

/** POST /admin/acquiring/payments/:id/review runs this. */
export const reviewAcquiringPaymentWorkflow = createWorkflow(
  reviewAcquiringPaymentWorkflowId,
  (input: ReviewAcquiringPaymentInput) => {
    const result = reviewAcquiringPaymentStep(input)
    return new WorkflowResponse(result)
  }
)
