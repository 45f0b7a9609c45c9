/**
 * GET /store/acquiring/carts/:id/payment-methods
 * The methods the cart's checkout offers, in the order to show them:
 *   { payment_methods: [{ code, display_name, rank, provider_id }],
 *     source: "acquirer" | "cards" }
 * Only providers that may serve the cart now take a method (the verdicts of
 * payment-providers); CARD goes to the card provider when it serves the
 * cart, every other method to the hosted provider, whose session is then
 * created with `data.payment_method`.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ICacheService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { splitProviderId } from "../accounts/provider-entries"
import { coreFor } from "../accounts/registry"
import { formatAmount } from "../gateway/index"
import { ownedCart } from "../availability/cart-owner"
import {
  availabilityFacts,
  CART_FIELDS,
  providerVerdicts,
  type CartRow,
} from "../availability/cart-payment-providers"
import {
  CARDS_ONLY,
  offeredMethods,
  type ServingProviders,
} from "./method-list"
import { recommendedMethods } from "./recommended-methods"

/** The serving card and hosted providers (the first of each, by id). */
function servingProviders(ids: string[]): ServingProviders {
  const of = (identifier: string) =>
    ids.find((id) => splitProviderId(id)?.identifier === identifier)
  return { card: of("acquiring-card"), hosted: of("acquiring-hosted") }
}

export type MethodsCart = CartRow & { id: string; email?: string | null }

/** The fields of a cart its methods are decided from. */
export const METHOD_CART_FIELDS = [...CART_FIELDS, "email"]

/** The methods for a cart (its caller already known to be its owner). */
export async function methodsFor(req: MedusaRequest, cart: MethodsCart) {
  const verdicts = await providerVerdicts(req, cart)
  const providers = servingProviders(
    verdicts.filter((v) => v.available).map((v) => v.id)
  )
  const asking = providers.hosted ?? providers.card
  if (!asking) return { payment_methods: [], source: "cards" as const }
  const facts = availabilityFacts(cart)
  const core = await coreFor(req.scope, asking, { currency: facts.currency })
  const preferences = core.options.payment_methods
  const recommended = providers.hosted
    ? await recommendedMethods({
        gateway: core.gateway,
        cache: req.scope.resolve<ICacheService>(Modules.CACHE, {
          allowUnregistered: true,
        }),
        log: core.log,
        budget_ms: preferences.budget_ms,
        cart: {
          id: cart.id,
          currency: facts.currency,
          amount: formatAmount(facts.total, facts.currency),
          email: cart.email ?? "",
        },
      })
    : // no hosted page serves the cart: cards typed on the storefront are all it takes
      { methods: CARDS_ONLY, source: "cards" as const }
  return {
    payment_methods: offeredMethods(
      recommended.methods,
      preferences,
      providers
    ),
    source: recommended.source,
  }
}

/** GET /store/acquiring/carts/:id/payment-methods */
export async function cartPaymentMethodsRoute(
  req: MedusaRequest,
  res: MedusaResponse
) {
  const cart = await ownedCart(req, req.params.id, METHOD_CART_FIELDS)
  res.json(await methodsFor(req, cart as MethodsCart))
}
