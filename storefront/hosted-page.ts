/**
 * Opening the acquirer's hosted payment page for a session of the hosted
 * provider: the plugin hands out a one-time URL on the backend that serves
 * the acquirer's own page, whose script posts the shopper on; the browser
 * goes there as a whole-page navigation, so that script runs untouched.
 */
import { answerMessage, retryAfterOf } from "./answer-fields.js"
import { navigateTo } from "./browser-navigation.js"
import type { CardOutcome } from "./card-outcome.js"
import type { StoreTransport } from "./transport.js"

export type HostedPageOutcome =
  /** The browser is on its way to `url`. */
  | { kind: "opened"; url: string }
  /** Another tab opened this session's page moments ago: finish there, or open again after `retryAfter` seconds. */
  | { kind: "open_elsewhere"; retryAfter: number; message: string }
  | Extract<
      CardOutcome,
      | { kind: "rate_limited" }
      | { kind: "outcome_pending" }
      | { kind: "failed" }
    >

export type HostedPageOptions = {
  navigate?: (url: string) => void
  /** Keep the card typed on the hosted page for the signed-in customer (a guest's answer is 400). */
  saveCard?: boolean
}

export async function openHostedPage(
  store: StoreTransport,
  sessionId: string,
  options: HostedPageOptions = {}
): Promise<HostedPageOutcome> {
  const answer = await store(
    "POST",
    `/store/acquiring/payment-sessions/${encodeURIComponent(sessionId)}/hosted-page`,
    // Without the flag the request stays as it was before saved cards: no body.
    options.saveCard ? { save_card: true } : undefined
  )
  const body = answer.body ?? {}
  const message = answerMessage(answer) ?? `The store answered ${answer.status}`
  if (answer.status === 200 && typeof body.url === "string") {
    ;(options.navigate ?? navigateTo)(body.url)
    return { kind: "opened", url: body.url }
  }
  if (answer.status === 429) {
    return { kind: "rate_limited", retryAfter: retryAfterOf(answer), message }
  }
  if (answer.status === 400 && answer.retryAfter !== undefined) {
    return { kind: "open_elsewhere", retryAfter: retryAfterOf(answer), message }
  }
  if (answer.status === 409 && body.type === "outcome_pending") {
    return { kind: "outcome_pending", message }
  }
  return { kind: "failed", status: answer.status, message }
}
