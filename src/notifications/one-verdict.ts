/**
 * One answer per received notification. Medusa's webhook handler and the
 * plugin's subscriber both ask the provider about the same
 * payment.webhook_received event, and each asking cost a status query (or
 * refund search) at the acquirer; the door on the webhook route and the
 * provider both triage the same received body (a journal lookup and a
 * session read). The event bus hands every subscriber of an event the same
 * payload object, and the door hands its own to the handling it starts, so
 * the first asking's answer, or its question still in flight, serves the
 * others. Keyed by that object and the provider asked: nothing outlives the
 * event, and a redelivered event (a new object) is asked anew.
 */
import type { WebhookActionResult } from "@medusajs/framework/types"

/** A memo of `T` per payload object and provider; a failed asking is forgotten, so the next one asks again. */
export function oncePerPayload<T>(): (
  payload: object,
  providerId: string,
  ask: () => Promise<T>
) => Promise<T> {
  const answers = new WeakMap<object, Map<string, Promise<T>>>()
  return (payload, providerId, ask) => {
    let ofPayload = answers.get(payload)
    if (!ofPayload) answers.set(payload, (ofPayload = new Map()))
    const known = ofPayload.get(providerId)
    if (known) return known
    const answer = ask()
    ofPayload.set(providerId, answer)
    answer.catch(() => {
      if (ofPayload.get(providerId) === answer) ofPayload.delete(providerId)
    })
    return answer
  }
}

export const verdictOnce = oncePerPayload<WebhookActionResult>()
