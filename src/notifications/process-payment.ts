/**
 * Medusa's process-payment workflow, run through the workflow engine as
 * Medusa's own webhook subscriber runs it (so the engine's subscribers see
 * the run): what Medusa does for an authorised or captured payment.
 */
import type {
  MedusaContainer,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { processPaymentWorkflowId } from "@medusajs/medusa/core-flows"

type WorkflowEngine = {
  run(workflowId: string, options: { input: unknown }): Promise<unknown>
}

export async function runProcessPayment(
  container: MedusaContainer,
  input: WebhookActionResult
): Promise<void> {
  await container
    .resolve<WorkflowEngine>(Modules.WORKFLOW_ENGINE)
    .run(processPaymentWorkflowId, { input })
}
