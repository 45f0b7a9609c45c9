import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import type { PayoutInput } from "./payout-record"
import { recordPayoutStep } from "./steps/record-payout"
import { sendPayoutStep } from "./steps/send-payout"

export const createAcquiringPayoutWorkflowId = "create-acquiring-payout"

/** POST /admin/acquiring/payouts: record the payout, then send it. */
export const createAcquiringPayoutWorkflow = createWorkflow(
  createAcquiringPayoutWorkflowId,
  (input: PayoutInput) => {
    const recorded = recordPayoutStep(input)
    const payout = sendPayoutStep(recorded)
    return new WorkflowResponse(payout)
  }
)
