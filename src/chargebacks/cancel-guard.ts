/**
 * Middleware on POST /admin/orders/:id/cancel, run under the locks of the
 * order's acquiring payments. Cancelling refunds what was captured, and the
 * acquirer refuses any refund while a chargeback is open; Medusa's cancel
 * would log that refusal and cancel the order anyway, keeping the
 * customer's money. So a captured payment is asked about first (the status
 * query, the record of chargebacks) and the cancel is refused, before
 * anything moves, while one is open. What the query lists is recorded.
 */
import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { acquiringPaymentsOfOrder } from "../order-payments/acquiring-payments-of-order"
import { choiceOf, coreFor } from "../accounts/registry"
import { lookupOrder } from "../acquirer-calls/status-query"
import { readSession } from "../payment-sessions/session-store"
import { recordChargebacksUnderLock } from "./record-chargebacks"
import { cancelRefusal } from "./chargeback-text"
import { moduleDisputes, type OpenChargeback } from "../journal/dispute-book"

export async function refuseCancelWhileDisputed(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  try {
    const open = await openChargebacksOf(req)
    if (open.length) {
      res.status(409).json({ type: "conflict", message: cancelRefusal(open) })
      return
    }
    next()
  } catch (error) {
    next(error)
  }
}

async function openChargebacksOf(
  req: MedusaRequest
): Promise<OpenChargeback[]> {
  const captured = (
    await acquiringPaymentsOfOrder(req.scope, req.params.id)
  ).filter((p) => p.captured_at && !p.canceled_at)
  const orderNos: string[] = []
  for (const payment of captured) {
    const state = await readSession(payment.data)
    if (!state.order_no) continue
    orderNos.push(state.order_no)
    const core = await coreFor(
      req.scope,
      payment.provider_id,
      choiceOf(state)
    ).catch(() => null)
    if (!core) continue
    const answer = await lookupOrder(core, state.order_no)
    // an unreadable answer leaves what the plugin already recorded to decide
    if (answer.kind === "found")
      await recordChargebacksUnderLock(
        req.scope,
        core,
        payment.id,
        state,
        answer.entry
      )
  }
  return moduleDisputes().open(orderNos)
}
