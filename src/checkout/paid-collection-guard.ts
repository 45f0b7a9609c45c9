/**
 * Middleware on POST /store/payment-collections/:id/payment-sessions.
 * Medusa deletes a collection's sessions before it creates a new one, and
 * deleting an acquiring session releases its money (void or refund). Once
 * an order's payment stands on a session, a new session must therefore be
 * refused, whichever provider it names: otherwise any shopper could undo
 * the payment of an order already placed.
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { isAcquiringProvider } from "../accounts/provider-entries"
import { setCollectionCart } from "../payment-sessions/collection-cart"

interface CollectionPayments {
  cart?: { id?: string } | null
  payments?: ({
    id: string
    provider_id: string
    canceled_at?: unknown
  } | null)[]
}

export async function refuseSessionsOnPaidCollection(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  try {
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
    // an acquiring session needs the cart too (attach-cart.ts): read it in the same query
    const forAcquiring = isAcquiringProvider(
      (req.body as { provider_id?: unknown } | undefined)?.provider_id as
        string | undefined
    )
    const { data } = await query.graph({
      entity: "payment_collection",
      fields: [
        "id",
        "payments.id",
        "payments.provider_id",
        "payments.canceled_at",
        ...(forAcquiring ? ["cart.id"] : []),
      ],
      filters: { id: req.params.id },
    })
    const collection = data[0] as CollectionPayments | undefined
    const live = (collection?.payments ?? []).filter(
      (p) => p && isAcquiringProvider(p.provider_id) && !p.canceled_at
    )
    if (live.length > 0) {
      res.status(409).json({
        type: "not_allowed",
        message: `Payment collection ${req.params.id} is already paid (payment ${live[0]!.id}); a new payment session cannot replace it`,
      })
      return
    }
    if (forAcquiring) setCollectionCart(res, collection?.cart?.id ?? null)
    next()
  } catch (error) {
    next(error)
  }
}
