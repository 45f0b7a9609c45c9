/**
 * Cancels the subscription an acquiring payment started, under the payment's
 * lock (Medusa's locking module: two admins clicking at once send one
 * request), then records the outcome on the payment's data and in the
 * order's metadata (`acquiring_subscription`), which the admin shows.
 */
import {
  ContainerRegistrationKeys,
  MedusaError,
  Modules,
} from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type {
  IOrderModuleService,
  IPaymentModuleService,
  MedusaContainer,
} from "@medusajs/framework/types"
import { withPaymentLock } from "../../locking/locks"
import { isAcquiringProvider } from "../../accounts/provider-entries"
import { choiceOf, coreFor } from "../../accounts/registry"
import {
  cancelSubscription,
  type SubscriptionCancelOutcome,
} from "../cancel-subscription"
import { readSession } from "../../payment-sessions/session-store"
import { savePaymentData } from "../../order-payments/payment-store"
import type { SubscriptionData } from "../../payment-sessions/subscription"

export interface CancelAcquiringSubscriptionInput {
  payment_id: string
}

export interface CancelAcquiringSubscriptionResult {
  payment_id: string
  order_id: string | null
  outcome: SubscriptionCancelOutcome["outcome"]
  repeated: boolean
  message: string
  subscription: SubscriptionData | null
}

export const cancelAcquiringSubscriptionStepId = "cancel-acquiring-subscription"

export const cancelAcquiringSubscriptionStep = createStep(
  cancelAcquiringSubscriptionStepId,
  async (input: CancelAcquiringSubscriptionInput, { container }) => {
    const result = await withPaymentLock(container, input.payment_id, () =>
      cancelUnderLock(container, input.payment_id)
    )
    // no compensation: a cancellation at the acquirer cannot be taken back
    return new StepResponse(result)
  }
)

async function cancelUnderLock(
  container: MedusaContainer,
  paymentId: string
): Promise<CancelAcquiringSubscriptionResult> {
  const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  const [payment] = await payments.listPayments(
    { id: paymentId },
    { select: ["id", "provider_id", "data"] }
  )
  if (!payment) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Payment with id: ${paymentId} was not found`
    )
  }
  if (!isAcquiringProvider(payment.provider_id)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Payment ${payment.id} was not made through an acquiring provider`
    )
  }
  const stored = await readSession(payment.data)
  const core = await coreFor(container, payment.provider_id, choiceOf(stored))
  const done = await cancelSubscription(core, stored, payment.id)
  if (!done.repeated) {
    await savePaymentData(container, payment, done.data)
  }
  const subscription = done.data.subscription ?? null
  const orderId = await recordOnOrder(container, payment.id, subscription)
  const result = done.result ? ` (${done.result.code}:${done.result.text})` : ""
  const message =
    done.outcome === "cancelled"
      ? done.repeated
        ? "The subscription was already cancelled; nothing was sent"
        : `The acquirer cancelled the subscription${result}`
      : done.outcome === "refused"
        ? `The acquirer refused to cancel the subscription${result}; it runs on`
        : "The acquirer's answer was lost or could not be verified: the subscription may or may not be cancelled. Cancelling again is safe and confirms it"
  return {
    payment_id: payment.id,
    order_id: orderId,
    outcome: done.outcome,
    repeated: done.repeated,
    message,
    subscription,
  }
}

/** The order's metadata keeps the latest outcome; other metadata stays as it was. */
async function recordOnOrder(
  container: MedusaContainer,
  paymentId: string,
  subscription: SubscriptionData | null
): Promise<string | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment",
    fields: [
      "id",
      "payment_collection.order.id",
      "payment_collection.order.metadata",
    ],
    filters: { id: paymentId },
  })
  const order = (
    data[0] as
      | {
          payment_collection?: {
            order?: { id: string; metadata?: Record<string, unknown> | null }
          }
        }
      | undefined
  )?.payment_collection?.order
  if (!order || !subscription?.cancellation) return order?.id ?? null
  const orders = container.resolve<IOrderModuleService>(Modules.ORDER)
  await orders.updateOrders(order.id, {
    metadata: {
      ...(order.metadata ?? {}),
      acquiring_subscription: {
        payment_id: paymentId,
        recurring_id: subscription.recurring_id ?? null,
        contract_name: subscription.contract_name ?? null,
        cancellation: subscription.cancellation.state,
        at: subscription.cancellation.at,
        result: subscription.cancellation.result
          ? `${subscription.cancellation.result.code}:${subscription.cancellation.result.text}`
          : null,
      },
    },
  })
  return order.id
}
