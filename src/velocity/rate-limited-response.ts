/**
 * The answer a store route gives to a refused attempt: 429 with a
 * `Retry-After` header (seconds) and the contract's body, or for a missing
 * CAPTCHA 429 with `type: "captcha_required"` and no Retry-After.
 */
import type { VelocityDecision } from "./velocity-guard"

type Refusal = Extract<VelocityDecision, { allowed: false }>

export type RateLimitedBody =
  | { type: "rate_limited"; message: string; retry_after: number }
  | { type: "captcha_required"; message: string }

export type HeaderTarget = {
  status(code: number): HeaderTarget
  setHeader(name: string, value: string): unknown
  json(body: unknown): unknown
}

export function rateLimitedBody(refusal: Refusal): RateLimitedBody {
  if (refusal.reason === "captcha_required") {
    return { type: "captcha_required", message: refusal.message }
  }
  return {
    type: "rate_limited",
    message: refusal.message,
    retry_after: refusal.retry_after_s,
  }
}

/** Writes the refusal on an Express / Medusa response. */
export function sendRateLimited(res: HeaderTarget, refusal: Refusal): void {
  if (refusal.reason === "limit") {
    res.setHeader("Retry-After", String(refusal.retry_after_s))
  }
  res.setHeader("Cache-Control", "no-store")
  res.status(429).json(rateLimitedBody(refusal))
}
