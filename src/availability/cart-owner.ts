/**
 * A cart is read only by its own storefront and shopper, as a payment
 * session is (payment-sessions/ownership.ts): the publishable key must
 * belong to the cart's sales channel and, when the cart's customer has an
 * account, the caller must be that customer signed in. Anyone else gets the
 * same 404 as for a cart that does not exist.
 */
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import type { MedusaRequest } from "@medusajs/framework/http"
import { signedInCustomer } from "../payment-sessions/ownership"

type Caller = MedusaRequest & {
  publishable_key_context?: { sales_channel_ids?: string[] }
}

const OWNER_FIELDS = [
  "id",
  "sales_channel_id",
  "customer_id",
  "customer.has_account",
]

type OwnedCart = {
  id: string
  sales_channel_id?: string | null
  customer_id?: string | null
  customer?: { has_account?: boolean } | null
  [field: string]: unknown
}

/** The cart with `fields`, when the caller may read it; otherwise the 404 of a cart that does not exist. */
export async function ownedCart(
  req: MedusaRequest,
  cartId: string,
  fields: readonly string[]
): Promise<OwnedCart> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: [...OWNER_FIELDS, ...fields],
    filters: { id: cartId },
  })
  const cart = data[0] as OwnedCart | undefined
  const channels =
    (req as Caller).publishable_key_context?.sales_channel_ids ?? []
  const inChannel =
    !!cart?.sales_channel_id && channels.includes(cart.sales_channel_id)
  // a guest's cart also names a customer (made from the e-mail): only an account holder must be the caller
  const holderElsewhere =
    !!cart?.customer?.has_account && signedInCustomer(req) !== cart.customer_id
  if (!cart || !inChannel || holderElsewhere)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Cart ${cartId} was not found`
    )
  return cart
}
