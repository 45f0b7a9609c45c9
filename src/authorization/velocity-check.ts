/** Velocity limits around an attempt at the acquirer, shared by the card and hosted-page routes. */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ProviderCore } from "../accounts/core"
import {
  clientIpOf,
  resolveVelocityGuard,
  sendRateLimited,
  type AttemptKeys,
  type AttemptOutcome,
} from "../velocity/index"
import { publishableKeyOf } from "../payment-sessions/ownership"

export interface AttemptGate {
  /**
   * Records the outcome against the limits, once: a decline keeps the
   * places the check reserved, approved and error give them back.
   */
  record(outcome: AttemptOutcome): Promise<void>
}

/**
 * Null when over a limit (the 429 is answered here); nothing over a limit
 * reaches the acquirer. The check reserves the attempt's places as a
 * potential decline; an attempt whose route answers without recording an
 * outcome (a hosted page, which cannot decline here, or a route that threw)
 * gives them back when its answer has been sent.
 */
export async function passVelocity(
  req: MedusaRequest,
  res: MedusaResponse,
  core: ProviderCore,
  sessionId: string
): Promise<AttemptGate | null> {
  const guard = resolveVelocityGuard(req.scope, core.options.velocity)
  const body = (req.body ?? {}) as { captcha_token?: unknown }
  const keys: AttemptKeys = {
    session_id: sessionId,
    ip: clientIpOf(req),
    publishable_key: publishableKeyOf(req),
    ...(typeof body.captcha_token === "string"
      ? { captcha_token: body.captcha_token }
      : {}),
  }
  const decision = await guard.check(keys)
  if (!decision.allowed) {
    sendRateLimited(res, decision)
    return null
  }
  let recorded: Promise<void> | undefined
  const record = (outcome: AttemptOutcome) =>
    (recorded ??= guard.record({ ...keys, outcome }))
  res.once("finish", () => {
    record("error").catch(() => {})
  })
  return { record }
}
