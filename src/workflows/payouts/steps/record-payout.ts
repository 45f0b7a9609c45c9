/** Writes the payout (status `sending`, its request_id made once) before any request leaves. */
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { newPayoutRecord, type PayoutInput } from "../payout-record"
import { payoutModule } from "../payout-store"

export const recordPayoutStepId = "record-acquiring-payout"

export const recordPayoutStep = createStep(
  recordPayoutStepId,
  async (input: PayoutInput, { container }) => {
    const created = await payoutModule(container).createAcquiringPayouts(
      newPayoutRecord(input)
    )
    // no compensation: once written, a payout is settled by its status query, never forgotten
    return new StepResponse({ id: created.id })
  }
)
