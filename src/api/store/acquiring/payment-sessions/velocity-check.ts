/** Velocity limits around an attempt at the acquirer, shared by the card and hosted-page routes. */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ProviderCore } from "../../../../providers/acquiring/config/core"
import { clientIpOf, resolveVelocityGuard, sendRateLimited, type AttemptKeys, type AttemptOutcome } from "../../../../velocity"
import { publishableKeyOf } from "./ownership"

export interface AttemptGate {
  /** records the outcome against the limits */
  record(outcome: AttemptOutcome): Promise<void>
}

/** Null when over a limit (the 429 is answered here); nothing over a limit reaches the acquirer. */
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
    ...(typeof body.captcha_token === "string" ? { captcha_token: body.captcha_token } : {}),
  }
  const decision = await guard.check(keys)
  if (!decision.allowed) {
    sendRateLimited(res, decision)
    return null
  }
  return { record: (outcome) => guard.record({ ...keys, outcome }) }
}
