/** What every refusal of the store API may carry: a message and, for 429, a wait. */
import type { StoreAnswer } from "./transport.js"

/** Seconds to wait when a 429 names none. */
const DEFAULT_RETRY_AFTER = 30

export function answerMessage(answer: StoreAnswer): string | undefined {
  const message = answer.body?.message
  return typeof message === "string" && message !== "" ? message : undefined
}

/** The Retry-After header, else the body's `retry_after`, else 30 s. */
export function retryAfterOf(answer: StoreAnswer): number {
  if (answer.retryAfter !== undefined) return answer.retryAfter
  const fromBody = Number(answer.body?.retry_after)
  return Number.isFinite(fromBody) && fromBody >= 0
    ? fromBody
    : DEFAULT_RETRY_AFTER
}
