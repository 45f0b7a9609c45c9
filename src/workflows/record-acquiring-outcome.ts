import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  recordAcquiringOutcomeStep,
  type RecordAcquiringOutcomeInput,
} from "./steps/record-acquiring-outcome"

export const recordAcquiringOutcomeWorkflowId = "record-acquiring-outcome"

/** Run by the plugin's payment.webhook_received subscriber for failed and canceled notifications. */
export const recordAcquiringOutcomeWorkflow = createWorkflow(
  recordAcquiringOutcomeWorkflowId,
  (input: RecordAcquiringOutcomeInput) =>
    new WorkflowResponse(recordAcquiringOutcomeStep(input))
)
