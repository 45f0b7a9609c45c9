/**
 * Asks the acquirer which methods to offer for a cart (optimise), within the
 * plugin's own time budget counted from the request's arrival: a slow,
 * refused, unverifiable or empty answer gives cards, as the wire contract
 * wants, and checkout never waits longer. Answers are kept in Medusa's
 * cache module (Redis where the store runs several instances) per cart,
 * currency and amount, so a checkout that renders again does not ask
 * again.
 *
 * One question per cart, currency and amount at a time (single flight):
 * lookups at the same moment in one process share one request, and across
 * instances the one that claims the question (a claim of Medusa's locking
 * module, never waited for) asks while the others read its answer from the
 * cache. Each caller still answers by its own budget.
 */
import { randomUUID } from "node:crypto"
import type { GatewayPort } from "../accounts/gateway-port"
import type { Log } from "../accounts/core"
import { LATE, settleWithin } from "../deadlines/settle-within"
import { CARDS_ONLY, recommendation } from "./method-list"
import { thrownMessage } from "../journal/errors"

export interface RecommendationCache {
  get<T>(key: string): Promise<T | null>
  set(key: string, value: unknown, ttl?: number): Promise<void>
}

/** Who asks the acquirer across instances: a claim taken without waiting, given back when answered. */
export interface QuestionClaims {
  /** true: this caller asks `question` (for at most `seconds`); false: another instance is asking it */
  claim(question: string, seconds: number): Promise<boolean>
  release(question: string): Promise<void>
}

export type Recommended = {
  methods: { code: string; display_name: string }[]
  /** "acquirer": its answer; "cards": none in time, or none usable */
  source: "acquirer" | "cards"
}

/** What gave the answer: the cache, an ask (this request's, or one it shared), the budget's timer, or no e-mail to ask with. */
export type AnsweredBy = "cache" | "acquirer" | "budget" | "no_email"

export type Recommendation = Recommended & { answered_by: AnsweredBy }

// an answer stays a minute; "cards" only seconds, so the acquirer is asked again soon
const ANSWER_TTL_S = 60
const CARDS_TTL_S = 10
/** Longest a claim outlives an instance that died asking (the gateway's time-out is at most 10 s). */
const CLAIM_S = 30
/** How often an instance that did not claim the question looks for the answer in the cache. */
const POLL_MS = 25

const CARDS: Recommended = { methods: CARDS_ONLY, source: "cards" }

interface Flight {
  answer: Promise<Recommended | null>
  /** the latest deadline of the callers sharing it: it waits on another instance no longer */
  until: number
}

// this process's questions in flight; what other instances need is in the cache and the claims
const flights = new Map<string, Flight>()

export interface RecommendationInput {
  gateway: Pick<GatewayPort, "optimize">
  cache?: RecommendationCache
  claims?: QuestionClaims
  log: Log
  budget_ms: number
  /** when the request arrived (ms since the epoch): the budget counts from then */
  arrived_at: number
  cart: { id: string; currency: string; amount: string; email: string }
}

export async function recommendedMethods(
  input: RecommendationInput
): Promise<Recommendation> {
  const deadline = input.arrived_at + input.budget_ms
  const first = await settleWithin(
    lookUp(input, deadline),
    deadline - Date.now()
  )
  return first === LATE ? { ...CARDS, answered_by: "budget" } : first
}

async function lookUp(
  input: RecommendationInput,
  deadline: number
): Promise<Recommendation> {
  const { cart, cache } = input
  const question = `${cart.id}:${cart.currency}:${cart.amount}`
  const key = `acquiring:payment-methods:${question}`
  const kept = await cache?.get<Recommended>(key).catch(() => null)
  if (kept) return { ...kept, answered_by: "cache" }
  if (!cart.email) return { ...CARDS, answered_by: "no_email" }
  let flight = flights.get(key)
  if (flight) flight.until = Math.max(flight.until, deadline)
  else {
    const started: Flight = { until: deadline, answer: Promise.resolve(null) }
    started.answer = fly(input, question, started).finally(() => {
      if (flights.get(key) === started) flights.delete(key)
    })
    flights.set(key, started)
    flight = started
  }
  const answer = await flight.answer
  // null: the claim's holder had not answered by the last deadline here
  return answer
    ? { ...answer, answered_by: "acquirer" }
    : { ...CARDS, answered_by: "budget" }
}

/** The question for this process: asked here when claimed, else read from the cache once the claimer answers. */
async function fly(
  input: RecommendationInput,
  question: string,
  flight: Flight
): Promise<Recommended | null> {
  const { cache, claims } = input
  const key = `acquiring:payment-methods:${question}`
  // without a cache no other instance could read an answer: ask here
  if (!cache || !claims) return ask(input, key)
  for (;;) {
    if (await claims.claim(question, CLAIM_S)) {
      try {
        // the claim given back by an instance that has just answered: its answer stands
        const answered = await cache.get<Recommended>(key).catch(() => null)
        return answered ?? (await ask(input, key))
      } finally {
        await claims.release(question).catch(() => undefined)
      }
    }
    if (Date.now() >= flight.until) return null
    await new Promise((resolve) => setTimeout(resolve, POLL_MS).unref())
    const answered = await cache.get<Recommended>(key).catch(() => null)
    if (answered) return answered
  }
}

/** One optimise request; its answer (or cards) kept in the cache, also when it comes after the callers' budgets. */
async function ask(
  input: RecommendationInput,
  key: string
): Promise<Recommended> {
  const { cart, cache, log } = input
  const answer = await input.gateway
    .optimize({
      request_id: randomUUID(),
      currency: cart.currency,
      amount: cart.amount,
      shopper_email: cart.email,
    })
    .then((answer): Recommended => {
      const methods = recommendation(answer.payment_methods)
      return methods.length ? { methods, source: "acquirer" } : CARDS
    })
    .catch((error: unknown): Recommended => {
      log(
        "warn",
        "payment methods: the acquirer's recommendation failed; offering cards",
        {
          error: thrownMessage(error),
        }
      )
      return CARDS
    })
  await cache
    ?.set(
      key,
      answer,
      answer.source === "acquirer" ? ANSWER_TTL_S : CARDS_TTL_S
    )
    .catch(() => undefined)
  return answer
}
