/**
 * A card payment's notification that only restates the card's answer comes
 * while the shopper's storefront, which had that answer, is completing the
 * cart. Medusa's process-payment workflow run then would take the cart's
 * lock against that completion and, whichever made the order, cost a second
 * completion (about 40 statements and a workflow's CPU per checkout). So
 * Medusa's work is handed to its event bus with a delay, as Medusa's own
 * webhook route delays every notification: on a worker, once the wait is
 * over, the cart the storefront never completed is completed then, and one
 * it did is left alone. A check lost with an instance is caught by the
 * reconcile job, which completes or releases an authorised session with no
 * order (reconciliation/abandoned.ts).
 */
import type {
  IEventBusModuleService,
  MedusaContainer,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { Modules, PaymentActions } from "@medusajs/framework/utils"
import { z } from "zod"
import { sessionOrderState } from "../order-payments/cart-order"
import { runProcessPayment } from "./process-payment"

export const CARD_ORDER_DUE = "acquiring.card_order_due"

const DueCheckSchema = z.object({
  session_id: z.string().min(1),
  amount: z.string().min(1),
  order_due_in_ms: z.number().int().positive(),
})
export type CardOrderDue = z.output<typeof DueCheckSchema>

/** The verdict's wait, when it is an authorisation the storefront already had. */
export function cardOrderDue(
  verdict: WebhookActionResult
): CardOrderDue | undefined {
  if (verdict.action !== PaymentActions.AUTHORIZED) return undefined
  const parsed = DueCheckSchema.safeParse(verdict.data)
  return parsed.success ? parsed.data : undefined
}

export async function deferCardOrder(
  container: MedusaContainer,
  due: CardOrderDue
): Promise<void> {
  await container.resolve<IEventBusModuleService>(Modules.EVENT_BUS).emit(
    { name: CARD_ORDER_DUE, data: due },
    // tried again as Medusa's webhook route tries a notification
    { delay: due.order_due_in_ms, attempts: 3 }
  )
}

/** Once the wait is over: the order Medusa would have made, unless the storefront made it. */
export async function completeDueCardOrder(
  container: MedusaContainer,
  data: unknown
): Promise<"ordered" | "completed" | "ignored"> {
  const due = DueCheckSchema.safeParse(data)
  if (!due.success) return "ignored"
  const state = await sessionOrderState(container, due.data.session_id)
  // a session gone since (deleted with its cart) has nothing to complete
  if (state === "missing") return "ignored"
  if (state === "ordered") return "ordered"
  await runProcessPayment(container, {
    action: PaymentActions.AUTHORIZED,
    data: { session_id: due.data.session_id, amount: due.data.amount },
  })
  return "completed"
}
