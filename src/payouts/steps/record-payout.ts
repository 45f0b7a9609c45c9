/** Writes the payout (status `sending`, its request_id made once) before any request leaves, or finds the one its idempotency key made. */
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { PayoutInput } from "../payout-record"
import { recordPayout } from "../record-payout"

export const recordPayoutStepId = "record-acquiring-payout"

export const recordPayoutStep = createStep(
  recordPayoutStepId,
  async (input: PayoutInput, { container }) => {
    const recorded = await recordPayout(container, input)
    // no compensation: once written, a payout is settled by its status query, never forgotten
    return new StepResponse(recorded)
  }
)
