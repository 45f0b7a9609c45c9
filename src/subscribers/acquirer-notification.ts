/**
 * Medusa's own handler of payment.webhook_received acts only on authorised
 * and captured; what else the acquirer notifies (a failure, a void, a
 * refund, made through the API or the merchant portal) is recorded here.
 * The provider verifies the notification again and confirms it with the
 * status query or the refund search, so a forged one changes nothing.
 */
import { PaymentWebhookEvents } from "@medusajs/framework/utils"
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type {
  PaymentSessionDTO,
  ProviderWebhookPayload,
} from "@medusajs/framework/types"
import { isAcquiringProvider } from "../providers/acquiring/config/provider-entries"
import { paymentModule } from "../reconciliation/payment-store"
import {
  reconcilePayments,
  type StoredPayment,
} from "../reconciliation/payments"
import {
  reconcileSessions,
  type StoredSession,
} from "../reconciliation/sessions"

export default async function acquirerNotification({
  event,
  container,
}: SubscriberArgs<ProviderWebhookPayload>) {
  const input = event.data
  if (!input || !isAcquiringProvider(input.provider)) return
  const raw = input.payload?.rawData as unknown as
    { type?: string; data?: number[] } | undefined
  if (raw && raw.type === "Buffer" && Array.isArray(raw.data))
    input.payload.rawData = Buffer.from(raw.data)

  const payments = paymentModule(container)
  const processed = (await payments.getWebhookActionAndData(input)) as {
    action: string
    data?: { session_id?: string; notify_type?: string }
  }
  const sessionId = processed.data?.session_id
  // authorised and captured are Medusa's own to act on
  if (
    !sessionId ||
    processed.action === "authorized" ||
    processed.action === "captured"
  )
    return
  const [session] = (await payments.listPaymentSessions({ id: sessionId }, {
    select: [
      "id",
      "provider_id",
      "data",
      "status",
      "amount",
      "raw_amount",
      "currency_code",
    ],
    relations: ["payment"],
  } as never)) as (PaymentSessionDTO & { payment?: StoredPayment })[]
  if (!session) return
  if (session.payment) await reconcilePayments(container, [session.payment])
  else await reconcileSessions(container, [session as StoredSession])
}

export const config: SubscriberConfig = {
  event: PaymentWebhookEvents.WebhookReceived,
  context: { subscriberId: "acquiring-notification" },
}
