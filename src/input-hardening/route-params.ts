/** Route parameters checked before a handler or Medusa's own workflow reads them. */
import { z } from "zod"
import { validateParams } from "./hardened-body"

// Medusa's ids: anything else (a NUL, say) would reach PostgreSQL, which refuses it with a 500
export function idParams(name: string, what: string) {
  return z.object({
    [name]: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, `is not ${what}`),
  })
}

/** Checks an id parameter on the route and on every route under it. */
export function checkedId(matcher: string, name: string, what: string) {
  const middlewares = [validateParams(idParams(name, what))]
  return [
    { matcher, middlewares },
    { matcher: `${matcher}/*`, middlewares },
  ]
}

/** Every plugin route with an id in its path, checked before anything reads it. */
export const idChecks = (
  [
    ["/store/acquiring/saved-cards/:id", "a saved card id"],
    ["/store/acquiring/carts/:id", "a cart id"],
    ["/store/acquiring/subscriptions/:id", "a subscription id"],
    ["/admin/acquiring/payments/:id", "a payment id"],
    ["/admin/acquiring/saved-cards/:id", "a saved card id"],
    ["/admin/acquiring/customers/:id", "a customer id"],
    ["/admin/acquiring/payouts/:id", "a payout id"],
    ["/admin/acquiring/orders/:id", "an order id"],
    ["/admin/acquiring/settings/accounts/:id", "an account id"],
  ] as const
).flatMap(([matcher, what]) => checkedId(matcher, "id", what))
