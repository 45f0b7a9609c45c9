import {
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { recordReviewDecisionStep } from "../steps/record-review-decision"
import {
  reviewAcquiringPaymentStep,
  type ReviewAcquiringPaymentInput,
} from "../steps/review-acquiring-payment"

export const reviewAcquiringPaymentWorkflowId = "review-acquiring-payment"

/** POST /admin/acquiring/payments/:id/review runs this; the decision and who made it go on the order's record. */
export const reviewAcquiringPaymentWorkflow = createWorkflow(
  reviewAcquiringPaymentWorkflowId,
  (input: ReviewAcquiringPaymentInput) => {
    const result = reviewAcquiringPaymentStep(input)
    const decided = recordReviewDecisionStep(input)
    return new WorkflowResponse(
      transform({ result, decided }, ({ result, decided }) => ({
        ...result,
        decided,
      }))
    )
  }
)
