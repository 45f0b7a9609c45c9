/**
 * One verdict per received notification. Medusa's webhook handler and the
 * plugin's subscriber both ask the provider about the same
 * payment.webhook_received event, and each asking cost a status query (or
 * refund search) at the acquirer. The event bus hands every subscriber of
 * an event the same payload object, so the first asking's answer, or its
 * question still in flight, serves the other. Keyed by that object: nothing
 * outlives the event, and a redelivered event (a new object) is asked anew.
 */
import type { WebhookActionResult } from "@medusajs/framework/types"

const verdicts = new WeakMap<object, Promise<WebhookActionResult>>()

export function verdictOnce(
  payload: object,
  judge: () => Promise<WebhookActionResult>
): Promise<WebhookActionResult> {
  const known = verdicts.get(payload)
  if (known) return known
  const verdict = judge()
  verdicts.set(payload, verdict)
  // a failed asking is not the answer: whoever asks next asks the acquirer again
  verdict.catch(() => {
    if (verdicts.get(payload) === verdict) verdicts.delete(payload)
  })
  return verdict
}
