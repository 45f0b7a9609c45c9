/**
 * What a refused attempt is told and what the log is told. The shopper's
 * message names no key or count; the log gets one line per blocked key and
 * window (across instances on Redis), so an attack does not flood it, and
 * shows the keys masked.
 */
import { RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible"
import type { CounterBackend } from "./counter-backend"
import { KEY_SCOPES, KeyScope } from "./key-scopes"
import { counterKey, maskIdentifier, maskIp } from "./masking"
import type { VelocityOptions } from "./options"
import type { Taken } from "./slots"
import type {
  AttemptKeys,
  VelocityDecision,
  VelocityLogger,
  VelocityScope,
} from "./velocity-guard"

export type Blocked = Extract<VelocityDecision, { allowed: false }>
/** A refusal before its message is chosen. */
export type Block = Omit<Blocked, "message">

type LimitScope = Exclude<VelocityScope, "captcha">

const MESSAGES: Record<LimitScope, string> = {
  session:
    "Too many attempts to pay with this checkout. Please wait before trying again, or use another payment method.",
  ip: "Too many payment attempts from your connection. Please wait a few minutes and try again.",
  publishable_key:
    "The shop is receiving too many payment attempts right now. Please wait a moment and try again.",
  store:
    "Card payments are paused for a few minutes for security reasons. Please try again later.",
}

export const CAPTCHA_MESSAGE =
  "Please complete the verification step before trying your card again."

export function block(scope: LimitScope, state: RateLimiterRes): Block {
  return {
    allowed: false,
    scope,
    reason: "limit",
    retry_after_s: Math.max(1, Math.ceil(state.msBeforeNext / 1000)),
  }
}

/** The first refusal in scope order (session, IP, key). */
export function refusalOf(
  taken: Record<KeyScope, Taken | undefined>
): Block | undefined {
  for (const scope of KEY_SCOPES) {
    const result = taken[scope]
    if (result && "refused" in result) return block(scope, result.refused)
  }
  return undefined
}

export class Refusals {
  private readonly logged = {} as Record<LimitScope, RateLimiterAbstract>

  constructor(
    options: VelocityOptions,
    counters: CounterBackend,
    private readonly logger?: VelocityLogger
  ) {
    for (const scope of KEY_SCOPES) {
      const windows = [options[scope].attempts, options[scope].declines].map(
        (limit) => limit?.window_s ?? 1
      )
      this.logged[scope] = counters.limiter(
        `${scope}:logged`,
        1,
        Math.max(...windows)
      )
    }
    this.logged.store = counters.limiter(
      "store:logged",
      1,
      options.breaker?.open_s ?? 1
    )
  }

  /** The refusal with the shopper's message, logged once per key and window. */
  async blocked(decision: Block, keys: AttemptKeys): Promise<Blocked> {
    const scope = decision.scope as LimitScope
    await this.logOnce(scope, keys, decision.retry_after_s)
    return { ...decision, message: MESSAGES[scope] }
  }

  private async logOnce(
    scope: LimitScope,
    keys: AttemptKeys,
    retryAfter: number
  ) {
    if (!this.logger) return
    const value =
      scope === "session"
        ? keys.session_id
        : scope === "ip"
          ? keys.ip
          : scope === "publishable_key"
            ? keys.publishable_key
            : "store"
    try {
      await this.logged[scope].consume(counterKey(`${scope}:${value}`))
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return
      throw rejection
    }
    const shown = [
      `session ${maskIdentifier(keys.session_id)}`,
      keys.ip ? `ip ${maskIp(keys.ip)}` : undefined,
      keys.publishable_key
        ? `key ${maskIdentifier(keys.publishable_key)}`
        : undefined,
    ].filter(Boolean)
    this.logger.warn(
      `acquiring velocity limit: ${scope} blocked for ${retryAfter}s (${shown.join(", ")}); further blocks of this ${scope === "store" ? "store" : "key"} in this window are not logged`
    )
  }
}
