/**
 * The method a shopper picked, as the hosted provider's session is created
 * with it (`data.payment_method`): one the acquirer offered for this cart
 * through that provider, or a 400 naming `data.payment_method`. Nothing is
 * sent to the acquirer for a method it did not offer.
 */
import type { MedusaRequest } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { paymentMethodCode } from "../admin-contract/option-fields"
import {
  METHOD_CART_FIELDS,
  methodsFor,
  type MethodsCart,
} from "./cart-payment-methods"

/**
 * The listing's budget keeps a checkout page quick with cards when the
 * acquirer is slow; a method the shopper already picked is checked against
 * the acquirer's own answer instead (the same request the listing started,
 * or its cached answer), so a slow acquirer does not turn it into a refusal.
 */
const CHOSEN_METHOD_WAIT_MS = 10_000

export type MethodChoice =
  { ok: true; payment_method?: string } | { ok: false; reason: string }

export async function chosenMethod(
  req: MedusaRequest,
  input: { provider_id: string; cart_id?: string; asked: unknown }
): Promise<MethodChoice> {
  if (input.asked === undefined || input.asked === null) return { ok: true }
  const code = paymentMethodCode.safeParse(input.asked)
  if (!code.success) return { ok: false, reason: code.error.issues[0].message }
  if (!input.cart_id)
    return { ok: false, reason: "needs a cart: methods are offered per cart" }
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: ["id", ...METHOD_CART_FIELDS],
    filters: { id: input.cart_id },
  })
  if (!data[0])
    return { ok: false, reason: "needs a cart: methods are offered per cart" }
  const { payment_methods } = await methodsFor(
    req,
    data[0] as MethodsCart,
    Date.now(),
    CHOSEN_METHOD_WAIT_MS
  )
  const offered = payment_methods.find(
    (m) => m.code === code.data && m.provider_id === input.provider_id
  )
  if (!offered)
    return {
      ok: false,
      reason: `${code.data} is not offered for this cart by ${input.provider_id} (see GET /store/acquiring/carts/:id/payment-methods)`,
    }
  return { ok: true, payment_method: code.data }
}
