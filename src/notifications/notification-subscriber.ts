/**
 * Medusa's own handler of payment.webhook_received acts only on authorised
 * and captured-at-authorisation; what else the acquirer notifies (a failure,
 * a void, a refund, a capture made after authorising, through the API or the
 * merchant portal) is recorded here, under the payment's lock.
 * The provider verifies the notification again and confirms it with the
 * status query or the refund search, so a forged one changes nothing.
 */
import { PaymentWebhookEvents } from "@medusajs/framework/utils"
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type {
  MedusaContainer,
  ProviderWebhookPayload,
} from "@medusajs/framework/types"
import { isAcquiringProvider } from "../accounts/provider-entries"
import {
  loggerOf,
  paymentModule,
  type PaymentSessionRow,
  STORED_SESSION_FIELDS,
} from "../order-payments/payment-store"
import { reconcilePayments } from "../reconciliation/payments"
import { reconcileSessions } from "../reconciliation/sessions"
import { learnDeduction } from "../renewals/learn-deduction"
import type { NotificationAction } from "./notification"
import { keepNotifiedSubscription } from "./notified-subscription"

/** A Buffer after the event bus's JSON round trip. */
function isSerializedBuffer(
  value: unknown
): value is { type: "Buffer"; data: number[] } {
  return (
    typeof value === "object" &&
    value !== null &&
    "type" in value &&
    value.type === "Buffer" &&
    "data" in value &&
    Array.isArray(value.data)
  )
}

export default async function acquirerNotification({
  event,
  container,
}: SubscriberArgs<ProviderWebhookPayload>) {
  const input = event.data
  if (!input || !isAcquiringProvider(input.provider)) return
  const raw: unknown = input.payload?.rawData
  if (isSerializedBuffer(raw)) input.payload.rawData = Buffer.from(raw.data)
  await recordNotification(container, input)
}

/** What the plugin keeps of one notification (the subscriber's work, also done promptly by the door). */
export async function recordNotification(
  container: MedusaContainer,
  input: ProviderWebhookPayload
): Promise<void> {
  const payments = paymentModule(container)
  const processed = (await payments.getWebhookActionAndData(
    input
  )) as NotificationAction
  const sessionId = processed.data?.session_id
  const deduction = processed.data?.deduction
  if (deduction?.order_no && deduction.deduction_number > 0)
    await learnDeduction(container, {
      order_no: deduction.order_no,
      first_order_no: deduction.first_order_no,
      deduction_number: deduction.deduction_number,
      retry_number: deduction.retry_number,
      result_info: deduction.result_info,
      recurring_id: deduction.recurring_id,
      next_deduction_time: deduction.next_deduction_time,
      source: "notification",
    })
  else {
    if (sessionId && processed.data?.subscription)
      await keepNotifiedSubscription(
        container,
        sessionId,
        processed.data.order_no,
        processed.data.subscription
      )
    await actOn(container, processed.action, sessionId)
  }
  // ops and tests can tell a notification was dealt with (the action is the plugin's verdict, not the notification's claim)
  loggerOf(container).debug(
    `[acquiring] notification handled: ${processed.action}${sessionId ? ` for ${sessionId}` : ""}`
  )
}

async function actOn(
  container: MedusaContainer,
  action: string,
  sessionId: string | undefined
): Promise<void> {
  // authorised and captured are Medusa's own to act on
  if (!sessionId || action === "authorized" || action === "captured") return
  const [session]: PaymentSessionRow[] = await paymentModule(
    container
  ).listPaymentSessions(
    { id: sessionId },
    { select: [...STORED_SESSION_FIELDS], relations: ["payment"] }
  )
  if (!session) return
  if (session.payment) await reconcilePayments(container, [session.payment])
  else await reconcileSessions(container, [session])
}

export const config: SubscriberConfig = {
  event: PaymentWebhookEvents.WebhookReceived,
  context: { subscriberId: "acquiring-notification" },
}
