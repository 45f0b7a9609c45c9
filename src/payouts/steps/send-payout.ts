/**
 * Sends the recorded payout and stores the verified answer (or `unknown`
 * when it is lost). The step's result is only the id and status: workflow
 * results may be kept by the engine, and a payout's parties are personal data.
 */
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { sendPayout } from "../send-payout"

export const sendPayoutStepId = "send-acquiring-payout"

export const sendPayoutStep = createStep(
  sendPayoutStepId,
  async (input: { id: string }, { container }) => {
    const payout = await sendPayout(container, input.id)
    return new StepResponse({ id: payout.id, status: payout.status })
  }
)
