/**
 * Asks the acquirer which methods to offer for a cart (optimise), within the
 * plugin's own time budget: a slow, refused, unverifiable or empty answer
 * gives cards, as the wire contract wants, and checkout never waits longer.
 * Answers are kept in Medusa's cache module (Redis where the store runs
 * several instances) per cart, currency and amount, so a checkout that
 * renders again does not ask again.
 */
import { randomUUID } from "node:crypto"
import type { GatewayPort } from "../accounts/gateway-port"
import type { Log } from "../accounts/core"
import { CARDS_ONLY, recommendation } from "./method-list"

export interface RecommendationCache {
  get<T>(key: string): Promise<T | null>
  set(key: string, value: unknown, ttl?: number): Promise<void>
}

export type Recommended = {
  methods: { code: string; display_name: string }[]
  /** "acquirer": its answer; "cards": none in time, or none usable */
  source: "acquirer" | "cards"
}

// an answer stays a minute; "cards" only seconds, so the acquirer is asked again soon
const ANSWER_TTL_S = 60
const CARDS_TTL_S = 10

export async function recommendedMethods(input: {
  gateway: Pick<GatewayPort, "optimize">
  cache?: RecommendationCache
  log: Log
  budget_ms: number
  cart: { id: string; currency: string; amount: string; email: string }
}): Promise<Recommended> {
  const { cart, cache, log } = input
  const key = `acquiring:payment-methods:${cart.id}:${cart.currency}:${cart.amount}`
  const kept = await cache?.get<Recommended>(key).catch(() => null)
  if (kept) return kept
  const cards: Recommended = { methods: CARDS_ONLY, source: "cards" }
  if (!cart.email) return cards
  const keep = (answer: Recommended) =>
    cache
      ?.set(
        key,
        answer,
        answer.source === "acquirer" ? ANSWER_TTL_S : CARDS_TTL_S
      )
      .catch(() => undefined)
  const asking = input.gateway
    .optimize({
      request_id: randomUUID(),
      currency: cart.currency,
      amount: cart.amount,
      shopper_email: cart.email,
    })
    .then((answer): Recommended => {
      const methods = recommendation(answer.payment_methods)
      return methods.length ? { methods, source: "acquirer" } : cards
    })
    .catch((error: unknown): Recommended => {
      log(
        "warn",
        "payment methods: the acquirer's recommendation failed; offering cards",
        {
          error: error instanceof Error ? error.message : String(error),
        }
      )
      return cards
    })
  // a late answer still fills the cache for the next render
  void asking.then(keep)
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), input.budget_ms)
    timer.unref()
  })
  const first = await Promise.race([asking, late])
  clearTimeout(timer)
  return first === "late" ? cards : first
}
