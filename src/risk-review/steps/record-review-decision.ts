/**
 * Writes a risk-review decision on the order's record (an order change
 * naming the admin user). No compensation: the acquirer's decision it
 * records cannot be taken back either.
 */
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { loggerOf } from "../../order-payments/payment-store"
import { recordReviewDecision } from "../review-decisions"
import { thrownMessage } from "../../journal/errors"

export interface RecordReviewDecisionInput {
  payment_id: string
  decision: "release" | "reject"
  actor_id?: string | null
}

export const recordReviewDecisionStepId = "record-acquiring-review-decision"

export const recordReviewDecisionStep = createStep(
  recordReviewDecisionStepId,
  async (input: RecordReviewDecisionInput, { container }) => {
    try {
      const record = await recordReviewDecision(container, {
        payment_id: input.payment_id,
        decision: input.decision,
        actor_id: input.actor_id ?? null,
      })
      return new StepResponse(record)
    } catch (error) {
      // the acquirer has decided already: a failed record must not fail the decision
      loggerOf(container).warn(
        `[acquiring] recording the review decision on payment ${input.payment_id} failed: ${thrownMessage(error)}`
      )
      return new StepResponse(null)
    }
  }
)
