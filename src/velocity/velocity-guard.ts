/**
 * Velocity limits for card submission and hosted-page creation. A route
 * calls `check` before it sends anything to the acquirer and `record` with
 * the outcome afterwards:
 *
 *   const decision = await guard.check({ session_id, ip: req.ip, publishable_key })
 *   if (!decision.allowed) → 429 (see rate-limited-response.ts)
 *   … send …
 *   await guard.record({ session_id, ip, publishable_key, outcome: "declined" })
 *
 * Every limit is held from `check` to `record` (guard.ts), so parallel
 * attempts cannot overrun one.
 */
import type { CaptchaCheck } from "./captcha"
import { createCounterBackend } from "./counter-backend"
import { Guard } from "./guard"
import {
  parseVelocityOptions,
  VelocityOptions,
  VelocityOptionsInput,
} from "./options"

export type VelocityScope =
  "session" | "ip" | "publishable_key" | "store" | "captcha"

export type AttemptKeys = {
  session_id: string
  /** Express's `req.ip` (Medusa's trust-proxy setting decides it); never a header read by hand. */
  ip?: string
  publishable_key?: string
  /** The storefront's CAPTCHA token, when it sent one. */
  captcha_token?: string
}

export type AttemptOutcome = "declined" | "approved" | "error"

export type VelocityDecision =
  | { allowed: true }
  | {
      allowed: false
      scope: VelocityScope
      reason: "limit" | "captcha_required"
      /** Whole seconds until the window that blocks ends (0 for a CAPTCHA). */
      retry_after_s: number
      /** Text a shopper understands; names no key or count. */
      message: string
    }

export type VelocityLogger = { warn(message: string): void }

export type VelocityGuard = {
  readonly backend: "memory" | "redis" | "off"
  check(keys: AttemptKeys): Promise<VelocityDecision>
  record(keys: AttemptKeys & { outcome: AttemptOutcome }): Promise<void>
  close(): Promise<void>
}

export type VelocityGuardDeps = {
  logger?: VelocityLogger
  captcha?: CaptchaCheck
  /** Medusa's `projectConfig.redisUrl`, used when the options name none. */
  project_redis_url?: string
}

export function createVelocityGuard(
  input: VelocityOptionsInput | undefined,
  deps: VelocityGuardDeps = {}
): VelocityGuard {
  const options = parseVelocityOptions(input)
  if (!options.enabled) {
    return {
      backend: "off",
      check: async () => ({ allowed: true }),
      record: async () => {},
      close: async () => {},
    }
  }
  const backend = createCounterBackend({
    key_prefix: options.key_prefix,
    redis: redisUrlFor(options, deps.project_redis_url),
    on_unavailable: (message) => deps.logger?.warn(message),
  })
  return new Guard(options, backend, deps)
}

function redisUrlFor(
  options: VelocityOptions,
  projectRedisUrl: string | undefined
): string | undefined {
  if (options.backend === "memory") return undefined
  const url = options.redis_url ?? projectRedisUrl
  if (options.backend === "redis" && !url) {
    throw new Error(
      "invalid option velocity.backend: redis needs velocity.redis_url or projectConfig.redisUrl"
    )
  }
  return url
}
