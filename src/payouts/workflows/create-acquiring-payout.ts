import {
  createWorkflow,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import type { PayoutInput } from "../payout-record"
import { recordPayoutStep } from "../steps/record-payout"
import { sendPayoutStep } from "../steps/send-payout"

export const createAcquiringPayoutWorkflowId = "create-acquiring-payout"

/**
 * POST /admin/acquiring/payouts: record the payout, then send it. A repeated
 * idempotency key answers with the payout the key made, which is not sent again.
 */
export const createAcquiringPayoutWorkflow = createWorkflow(
  createAcquiringPayoutWorkflowId,
  (input: PayoutInput) => {
    const recorded = recordPayoutStep(input)
    when("send-new-acquiring-payout", recorded, ({ created }) => created).then(
      () => {
        sendPayoutStep(recorded)
      }
    )
    return new WorkflowResponse(recorded)
  }
)
