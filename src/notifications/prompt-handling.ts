/**
 * A verified notification handled while the acquirer waits for the answer,
 * on the instance that received it: Medusa's own handling (the
 * process-payment workflow for an authorised or captured payment, which
 * completes the cart of a shopper who never came back) and the plugin's
 * record of it. Medusa 2.21's webhook route would queue the same work for
 * 5 s (its payment module never reads `webhook_delay` from medusa-config)
 * and then behind every other event on the worker; the race that delay
 * guards against, the storefront completing the same cart, is settled by
 * the cart's lock, which the workflow and the storefront's completion both
 * take. The acquirer gets its 2xx only once the work is done: a crash
 * before it means the notification is sent again, and a failure is handed
 * to Medusa's route, queued as before (notification-door.ts).
 */
import type {
  MedusaContainer,
  ProviderWebhookPayload,
} from "@medusajs/framework/types"
import { Modules, PaymentActions } from "@medusajs/framework/utils"
import { processPaymentWorkflowId } from "@medusajs/medusa/core-flows"
import { paymentModule } from "../order-payments/payment-store"
import { recordNotification } from "./notification-subscriber"

/** The actions Medusa's webhook subscriber runs the process-payment workflow for; it drops every other. */
const MEDUSA_ACTS_ON: ReadonlySet<string> = new Set([
  PaymentActions.AUTHORIZED,
  PaymentActions.SUCCESSFUL,
])

type WorkflowEngine = {
  run(workflowId: string, options: { input: unknown }): Promise<unknown>
}

export async function handleNotificationNow(
  container: MedusaContainer,
  input: ProviderWebhookPayload
): Promise<void> {
  // one payload object for both, so the status query behind the verdict runs once (one-verdict.ts)
  const verdict = await paymentModule(container).getWebhookActionAndData(input)
  if (verdict.data?.session_id && MEDUSA_ACTS_ON.has(verdict.action))
    await container
      .resolve<WorkflowEngine>(Modules.WORKFLOW_ENGINE)
      .run(processPaymentWorkflowId, { input: verdict })
  await recordNotification(container, input)
}
