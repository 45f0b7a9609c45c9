/**
 * One checkout as a storefront sends it, for the bench's checkout and peak
 * scenarios: a cart with addresses and shipping, a payment session, the card
 * (card provider only), the cart's completion. Each call goes through `call`,
 * which times it under its name.
 */
import { expectStatus, type HttpClient } from "../dev/store-client/http-client"
import type { LocalStack } from "../dev/local-stack"
import {
  seedStore,
  USD_REGION,
  type SeededStore,
} from "../dev/local-stack/seed-store"
import {
  completeCart,
  createReadyCart,
  openPaymentSession,
  storeApi,
} from "../dev/store-client/storefront"

export const CARD_PROVIDER = "pp_acquiring-card_acquiring"
export const SYSTEM_PROVIDER = "pp_system_default"
/** The sandbox's approved card (the local stack asks 3-D Secure; it passes without a challenge). */
export const CARD = {
  number: "4242424242424242",
  expiry_month: "12",
  expiry_year: "2031",
  security_code: "918",
}

/** The local stack's store seeded with both providers and a USD region, and a storefront's client of it. */
export async function checkoutStore(
  stack: LocalStack
): Promise<{ seeded: SeededStore; store: HttpClient }> {
  const seeded = await seedStore(stack.app.container, {
    paymentProviders: [CARD_PROVIDER, SYSTEM_PROVIDER],
    regions: [USD_REGION],
  })
  const store = storeApi(
    () => stack.backendUrl,
    () => seeded.publishableKey
  )
  return { seeded, store }
}

export type TimedCall = <T>(name: string, run: () => Promise<T>) => Promise<T>

/** Answers the order's id; throws at the first call that is not answered as a storefront expects. */
export async function storefrontCheckout(
  store: HttpClient,
  seeded: SeededStore,
  provider: string,
  call: TimedCall,
  email?: string
): Promise<string> {
  const cart = await call("cart", () =>
    createReadyCart(store, seeded, { email })
  )
  const { session, answer } = await call("session", () =>
    openPaymentSession(
      store,
      cart.id,
      provider,
      provider === SYSTEM_PROVIDER ? {} : undefined
    )
  )
  expectStatus(answer, 200, `${provider} payment session`)
  if (provider === CARD_PROVIDER)
    expectStatus(
      await call("card", () =>
        store.post(`/store/acquiring/payment-sessions/${session.id}/card`, {
          card: CARD,
        })
      ),
      200,
      "card"
    )
  const placed = expectStatus(
    await call("complete", () => completeCart(store, cart.id)),
    200,
    "complete cart"
  )
  if (placed.type !== "order")
    throw new Error(`${provider}: the cart was not completed`)
  return placed.order.id
}
