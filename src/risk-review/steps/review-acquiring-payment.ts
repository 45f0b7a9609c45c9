/**
 * Releases or rejects a payment the acquirer holds for risk review, then
 * records the outcome on the Medusa payment (a rejected payment is voided
 * by the acquirer and canceled in Medusa).
 */
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type {
  IPaymentModuleService,
  MedusaContainer,
} from "@medusajs/framework/types"
import { withPaymentLock } from "../../locking/locks"
import { isAcquiringProvider } from "../../accounts/provider-entries"
import { choiceOf, coreFor } from "../../accounts/registry"
import { reviewPayment, type ReviewDecision } from "../../cancellation/void"
import { readSession } from "../../payment-sessions/session-store"
import { savePaymentData } from "../../order-payments/payment-store"
import { storefrontView } from "../../payment-sessions/storefront-view"

export interface ReviewAcquiringPaymentInput {
  payment_id: string
  decision: ReviewDecision
  /** the admin user who decided, written on the order's record */
  actor_id?: string | null
}

export const reviewAcquiringPaymentStepId = "review-acquiring-payment"

export const reviewAcquiringPaymentStep = createStep(
  reviewAcquiringPaymentStepId,
  // under the payment's lock: a capture or sync at the same moment waits for the decision
  async (input: ReviewAcquiringPaymentInput, { container }) =>
    withPaymentLock(container, input.payment_id, () =>
      reviewUnderLock(container, input)
    )
)

async function reviewUnderLock(
  container: MedusaContainer,
  input: ReviewAcquiringPaymentInput
) {
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
  const stored = await readSession(payment.data)
  const ctx = await coreFor(container, payment.provider_id, choiceOf(stored))
  const data = await reviewPayment(ctx, stored, input.decision, payment.id)
  await savePaymentData(container, payment, data)
  if (input.decision === "reject") {
    // the acquirer has voided it; cancelPayment sees the canceled status and does not call the acquirer again
    await paymentModule.cancelPayment(payment.id)
  }
  // no compensation: the acquirer's decision cannot be taken back
  return new StepResponse({
    id: payment.id,
    decision: input.decision,
    data: storefrontView(data),
  })
}
