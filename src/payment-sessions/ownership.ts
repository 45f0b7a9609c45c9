/**
 * A session is acted on only for its own cart: the publishable key must
 * belong to the cart's sales channel and, when the cart belongs to a
 * customer with an account, the caller must be that customer. Anyone else gets the same 404
 * as for a session that does not exist.
 */
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import type { MedusaRequest } from "@medusajs/framework/http"

type Caller = MedusaRequest & {
  publishable_key_context?: { key?: string; sales_channel_ids?: string[] }
  auth_context?: { actor_id?: string; actor_type?: string }
}

export interface SessionOwner {
  cart_id?: string
  customer_id?: string | null
  sales_channel_id?: string | null
  /** when the cart last changed, as read here (spares the card route another read) */
  cart_updated_at?: string | Date | null
  /** the caller is the cart's customer, signed in to their account (saved cards are theirs) */
  signed_in: boolean
}

type SessionCart = {
  id?: string
  customer_id?: string | null
  sales_channel_id?: string | null
  updated_at?: string | Date | null
  order?: { id?: string } | null
}

const CART_FIELDS = ["id", "customer_id", "sales_channel_id", "updated_at"]

/**
 * The cart of a session, when the caller's publishable key belongs to the
 * cart's sales channel; `withOrder` adds the order made from it. Anything
 * else is the 404 of a session that does not exist.
 */
export async function sessionCartInChannel(
  req: MedusaRequest,
  sessionId: string,
  options: { withOrder?: boolean } = {}
): Promise<SessionCart & { id: string }> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const fields = [
    ...CART_FIELDS,
    ...(options.withOrder ? ["order.id"] : []),
  ].map((field) => `payment_collection.cart.${field}`)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: ["id", ...fields],
    filters: { id: sessionId },
  })
  const cart = (
    data[0] as { payment_collection?: { cart?: SessionCart } } | undefined
  )?.payment_collection?.cart
  const channels =
    (req as Caller).publishable_key_context?.sales_channel_ids ?? []
  if (
    !cart?.id ||
    !cart.sales_channel_id ||
    !channels.includes(cart.sales_channel_id)
  )
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Payment session ${sessionId} was not found`
    )
  return { ...cart, id: cart.id }
}

export async function assertSessionOwner(
  req: MedusaRequest,
  sessionId: string
): Promise<SessionOwner> {
  const cart = await sessionCartInChannel(req, sessionId)
  // a guest's cart also names a customer (made from the e-mail): only an account holder must be the caller
  const holder = cart.customer_id
    ? await accountHolder(req, cart.customer_id)
    : false
  if (holder && signedInCustomer(req) !== cart.customer_id)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Payment session ${sessionId} was not found`
    )
  return {
    cart_id: cart.id,
    customer_id: cart.customer_id,
    sales_channel_id: cart.sales_channel_id,
    cart_updated_at: cart.updated_at,
    signed_in: holder,
  }
}

async function accountHolder(
  req: MedusaRequest,
  customerId: string
): Promise<boolean> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "customer",
    fields: ["id", "has_account"],
    filters: { id: customerId },
  })
  return !!(data[0] as { has_account?: boolean } | undefined)?.has_account
}

/** The signed-in customer calling, if any. */
export function signedInCustomer(req: MedusaRequest): string | undefined {
  const actor = (req as Caller).auth_context
  return actor?.actor_type === "customer" && actor.actor_id
    ? actor.actor_id
    : undefined
}

export function publishableKeyOf(req: MedusaRequest): string | undefined {
  return (
    (req as Caller).publishable_key_context?.key ??
    req.get("x-publishable-api-key") ??
    undefined
  )
}
