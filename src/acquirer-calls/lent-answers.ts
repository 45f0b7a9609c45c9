/**
 * A status query's answer lent to the settling that follows it within one
 * notification's handling. The handling confirms a hosted payment with the
 * status query, then runs Medusa's process-payment workflow, whose
 * authorisation settles the same attempt and would ask the acquirer the
 * same question again a moment later (a round trip at the acquirer's
 * latency, on a worker that makes the shopper's order). Lent answers live
 * in the handling's async context only: no other handling, request or
 * instance sees them, each is taken once, and one older than LENT_FOR_MS
 * (the handling waited on the cart's lock meanwhile) is asked again.
 */
import { AsyncLocalStorage } from "node:async_hooks"
import type { Lookup } from "./status-query"

export const LENT_FOR_MS = 10_000

type Lent = Map<string, { answer: Lookup; at: number }>

const handling = new AsyncLocalStorage<Lent>()

/** Runs one handling; answers lent inside it are taken inside it or dropped with it. */
export function withLentAnswers<T>(run: () => Promise<T>): Promise<T> {
  return handling.run(new Map(), run)
}

/** Lends the answer for `orderNo` to the rest of the handling; outside one, nothing is kept. */
export function lendAnswer(orderNo: string, answer: Lookup): void {
  if (answer.kind !== "found") return
  handling.getStore()?.set(orderNo, { answer, at: Date.now() })
}

/** The answers lent for these order numbers and still fresh, each taken: asked again, it is the acquirer's. */
export function takeLentAnswers(
  orderNos: readonly string[]
): Map<string, Lookup> {
  const taken = new Map<string, Lookup>()
  const lent = handling.getStore()
  if (!lent) return taken
  for (const orderNo of orderNos) {
    const kept = lent.get(orderNo)
    if (!kept) continue
    lent.delete(orderNo)
    if (Date.now() - kept.at < LENT_FOR_MS) taken.set(orderNo, kept.answer)
  }
  return taken
}
