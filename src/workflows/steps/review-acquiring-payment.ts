/**
 * Releases or rejects a payment the acquirer holds for risk review, then
 * records the outcome on the Medusa payment (a rejected payment is voided
 * by the acquirer and canceled in Medusa).
 */
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { IPaymentModuleService } from "@medusajs/framework/types"
import {
  coreFor,
  isAcquiringProvider,
} from "../../providers/acquiring/route-context"
import {
  keepStoredKeys,
  publicView,
} from "../../providers/acquiring/session-data"
import {
  review,
  type ReviewDecision,
} from "../../providers/acquiring/settlement"

export interface ReviewAcquiringPaymentInput {
  payment_id: string
  decision: ReviewDecision
}

export const reviewAcquiringPaymentStepId = "review-acquiring-payment"

export const reviewAcquiringPaymentStep = createStep(
  reviewAcquiringPaymentStepId,
  async (input: ReviewAcquiringPaymentInput, { container }) => {
    const paymentModule = container.resolve<IPaymentModuleService>(
      Modules.PAYMENT
    )
    const payment = await paymentModule.retrievePayment(input.payment_id, {
      select: ["id", "provider_id", "data", "captured_at", "canceled_at"],
    })
    if (!isAcquiringProvider(payment.provider_id)) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `Payment ${payment.id} was not made through an acquiring provider`
      )
    }
    if (payment.canceled_at)
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Payment ${payment.id} is canceled`
      )
    const ctx = coreFor(container, payment.provider_id)
    const data = await review(ctx, keepStoredKeys(payment.data), input.decision)
    // the module stores `data` on the payment although its update type does not list it
    await paymentModule.updatePayment({
      id: payment.id,
      data,
    } as unknown as Parameters<IPaymentModuleService["updatePayment"]>[0])
    if (input.decision === "reject") {
      // the acquirer has voided it; cancelPayment sees the canceled status and does not call the acquirer again
      await paymentModule.cancelPayment(payment.id)
    }
    // no compensation: the acquirer's decision cannot be taken back
    return new StepResponse({
      id: payment.id,
      decision: input.decision,
      data: publicView(data as Record<string, unknown>),
    })
  }
)
