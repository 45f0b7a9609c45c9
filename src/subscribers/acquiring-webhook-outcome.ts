/**
 * Medusa's own handler of payment.webhook_received only acts on authorized
 * and captured; failures and cancellations from the acquirer are recorded
 * here. The notification is verified again by the provider (through the
 * payment module), so a forged one is `not_supported` and ignored.
 */
import { Modules, PaymentWebhookEvents } from "@medusajs/framework/utils"
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type {
  IPaymentModuleService,
  ProviderWebhookPayload,
} from "@medusajs/framework/types"
import { isAcquiringProvider } from "../providers/acquiring/route-context"
import { recordAcquiringOutcomeWorkflow } from "../workflows/record-acquiring-outcome"

export default async function acquiringWebhookOutcome({
  event,
  container,
}: SubscriberArgs<ProviderWebhookPayload>) {
  const input = event.data
  if (!input || !isAcquiringProvider(input.provider)) return
  const raw = input.payload?.rawData as unknown as
    { type?: string; data?: number[] } | undefined
  if (raw && raw.type === "Buffer" && Array.isArray(raw.data)) {
    input.payload.rawData = Buffer.from(raw.data)
  }
  const paymentModule = container.resolve<IPaymentModuleService>(
    Modules.PAYMENT
  )
  const processed = (await paymentModule.getWebhookActionAndData(input)) as {
    action: string
    data?: {
      session_id?: string
      order_no?: string
      result?: { code: string; text: string }
    }
  }
  if (processed.action !== "failed" && processed.action !== "canceled") return
  if (!processed.data?.session_id || !processed.data.order_no) return
  await recordAcquiringOutcomeWorkflow(container).run({
    input: {
      session_id: processed.data.session_id,
      order_no: processed.data.order_no,
      action: processed.action,
      result: processed.data.result,
    },
  })
}

export const config: SubscriberConfig = {
  event: PaymentWebhookEvents.WebhookReceived,
  context: { subscriberId: "acquiring-webhook-outcome" },
}
