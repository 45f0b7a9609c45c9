/**
 * GET /store/acquiring/carts/:id/payment-methods
 * The methods the cart's checkout offers, in the order to show them:
 *   { payment_methods: [{ code, display_name, rank, provider_id }],
 *     source: "acquirer" | "cards", pending: boolean }
 * `pending`: the budget ran out while the acquirer was still being asked;
 * its answer goes to the cache, so asking again shortly gets the full list.
 * The acquirer's part keeps its budget counted from the request's arrival,
 * one question per cart and amount at a time (recommended-methods.ts).
 * Only providers that may serve the cart now take a method (the verdicts of
 * payment-providers); CARD goes to the card provider when it serves the
 * cart, every other method to the hosted provider, whose session is then
 * created with `data.payment_method`.
 */
import { randomUUID } from "node:crypto"
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
import { paymentMethodsLockKey, releaseClaim, tryClaim } from "../locking/locks"
import { recommendedMethods, type QuestionClaims } from "./recommended-methods"

/** The serving card and hosted providers (the first of each, by id). */
function servingProviders(ids: string[]): ServingProviders {
  const of = (identifier: string) =>
    ids.find((id) => splitProviderId(id)?.identifier === identifier)
  return { card: of("acquiring-card"), hosted: of("acquiring-hosted") }
}

export type MethodsCart = CartRow & { id: string; email?: string | null }

/** The fields of a cart its methods are decided from. */
export const METHOD_CART_FIELDS = [...CART_FIELDS, "email"]

/** Medusa's locking module as the question's claims, one owner per lookup. */
function questionClaims(req: MedusaRequest): QuestionClaims {
  const owner = `payment-methods:${randomUUID()}`
  return {
    claim: (question, seconds) =>
      tryClaim(req.scope, paymentMethodsLockKey(question), owner, seconds),
    release: (question) =>
      releaseClaim(req.scope, paymentMethodsLockKey(question), owner),
  }
}

/**
 * The methods for a cart (its caller already known to be its owner), and
 * what answered (`answered_by`); the acquirer's part within its budget
 * counted from `arrivedAt`.
 */
export async function methodsFor(
  req: MedusaRequest,
  cart: MethodsCart,
  arrivedAt = Date.now(),
  /** how long the acquirer's answer is waited for; the store's listing budget when not given */
  budgetMs?: number
) {
  const verdicts = await providerVerdicts(req, cart)
  const providers = servingProviders(
    verdicts.filter((v) => v.available).map((v) => v.id)
  )
  const asking = providers.hosted ?? providers.card
  if (!asking)
    return {
      payment_methods: [],
      source: "cards" as const,
      answered_by: "no_provider" as const,
    }
  const facts = availabilityFacts(cart)
  const core = await coreFor(req.scope, asking, {
    currency: facts.currency,
    sales_channel_id: cart.sales_channel_id,
    region_id: cart.region_id,
  })
  const preferences = core.options.payment_methods
  const recommended = providers.hosted
    ? await recommendedMethods({
        gateway: core.gateway,
        cache: req.scope.resolve<ICacheService>(Modules.CACHE, {
          allowUnregistered: true,
        }),
        claims: questionClaims(req),
        log: core.log,
        budget_ms: budgetMs ?? preferences.budget_ms,
        arrived_at: arrivedAt,
        cart: {
          id: cart.id,
          currency: facts.currency,
          amount: formatAmount(facts.total, facts.currency),
          email: cart.email ?? "",
        },
      })
    : // no hosted page serves the cart: cards typed on the storefront are all it takes
      {
        methods: CARDS_ONLY,
        source: "cards" as const,
        answered_by: "no_hosted_page" as const,
      }
  return {
    payment_methods: offeredMethods(
      recommended.methods,
      preferences,
      providers
    ),
    source: recommended.source,
    answered_by: recommended.answered_by,
  }
}

/**
 * GET /store/acquiring/carts/:id/payment-methods. What answered goes in a
 * Server-Timing header (`methods;desc="budget";dur=1500`): cache, acquirer,
 * budget (the acquirer not in time), no_email, no_provider, no_hosted_page.
 */
export async function cartPaymentMethodsRoute(
  req: MedusaRequest,
  res: MedusaResponse
) {
  // the budget counts from here, before the cart is read
  const arrivedAt = Date.now()
  const cart = await ownedCart(req, req.params.id, METHOD_CART_FIELDS)
  const { answered_by, ...methods } = await methodsFor(
    req,
    cart as MethodsCart,
    arrivedAt
  )
  res.setHeader(
    "Server-Timing",
    `methods;desc="${answered_by}";dur=${Date.now() - arrivedAt}`
  )
  res.json({ ...methods, pending: answered_by === "budget" })
}
