/**
 * POST /admin/acquiring/orders/:id/charge-saved-card: staff charge the
 * customer's saved card for the order (charge-saved-card.ts), one request
 * at a time per order.
 */
import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { ChargeSavedCardBodyType } from "../admin-contract/merchant-charges"
import { lockingModule, orderPaymentLockKey } from "../locking/locks"
import { chargeSavedCard } from "./charge-saved-card"

export async function chargeSavedCardRoute(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
): Promise<void> {
  const orderId = req.params.id
  const body = req.validatedBody as ChargeSavedCardBodyType
  // the payment-link lock: two clicks, two admins, or a charge and a new link make one payment at a time
  const answer = await lockingModule(req.scope).execute(
    orderPaymentLockKey(orderId),
    () =>
      chargeSavedCard(
        req.scope,
        orderId,
        body,
        req.auth_context?.actor_id ?? null
      ),
    { timeout: 30 }
  )
  res.status(answer.status).json(answer.body)
}
