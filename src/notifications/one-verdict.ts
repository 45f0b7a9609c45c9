/**
 * One verdict per received notification. Medusa's webhook handler and the
 * plugin's subscriber both ask the provider about the same
 * payment.webhook_received event, and each asking cost a status query (or
 * refund search) at the acquirer. The event bus hands every subscriber of
 * an event the same payload object, so the first asking's answer, or its
 * question still in flight, serves the other. Keyed by that object and the
 * provider asked: nothing outlives the event, and a redelivered event (a
 * new object) is asked anew.
 */
import type { WebhookActionResult } from "@medusajs/framework/types"

const verdicts = new WeakMap<
  object,
  Map<string, Promise<WebhookActionResult>>
>()

export function verdictOnce(
  payload: object,
  providerId: string,
  judge: () => Promise<WebhookActionResult>
): Promise<WebhookActionResult> {
  let ofPayload = verdicts.get(payload)
  if (!ofPayload) verdicts.set(payload, (ofPayload = new Map()))
  const known = ofPayload.get(providerId)
  if (known) return known
  const verdict = judge()
  ofPayload.set(providerId, verdict)
  // a failed asking is not the answer: whoever asks next asks the acquirer again
  verdict.catch(() => {
    if (ofPayload.get(providerId) === verdict) ofPayload.delete(providerId)
  })
  return verdict
}
