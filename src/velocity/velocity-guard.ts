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
 * Attempts are counted when `check` lets one through (atomically, so
 * parallel requests cannot all slip under a limit); declines and the
 * store-wide decline rate are counted by `record`.
 */
import { RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible"
import { acceptEveryAttempt, CaptchaCheck } from "./captcha"
import { CounterBackend, createCounterBackend } from "./counter-backend"
import { counterKey, maskIdentifier, maskIp } from "./masking"
import {
  parseVelocityOptions,
  VelocityOptions,
  VelocityOptionsInput,
  WindowLimit,
} from "./options"

/** The scopes counted per key (the store-wide breaker and CAPTCHA aside). */
type KeyScope = "session" | "ip" | "publishable_key"

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

const MESSAGES: Record<Exclude<VelocityScope, "captcha">, string> = {
  session:
    "Too many attempts to pay with this checkout. Please wait before trying again, or use another payment method.",
  ip: "Too many payment attempts from your connection. Please wait a few minutes and try again.",
  publishable_key:
    "The shop is receiving too many payment attempts right now. Please wait a moment and try again.",
  store:
    "Card payments are paused for a few minutes for security reasons. Please try again later.",
}

const CAPTCHA_MESSAGE =
  "Please complete the verification step before trying your card again."

/** A counter of events in fixed windows of its limit. */
type Counter = { limit: WindowLimit; limiter: RateLimiterAbstract }

type Blocked = Extract<VelocityDecision, { allowed: false }>

const BREAKER_KEY = "open"

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

class Guard implements VelocityGuard {
  readonly backend: "memory" | "redis"
  private readonly attempts: Partial<Record<KeyScope, Counter>> = {}
  private readonly declines: Partial<Record<KeyScope, Counter>> = {}
  private readonly breaker?: {
    outcomes: RateLimiterAbstract
    declines: RateLimiterAbstract
    open: RateLimiterAbstract
  }
  private readonly logged = {} as Record<
    Exclude<VelocityScope, "captcha">,
    RateLimiterAbstract
  >
  private readonly captcha: CaptchaCheck
  private readonly logger?: VelocityLogger

  constructor(
    private readonly options: VelocityOptions,
    private readonly counters: CounterBackend,
    deps: VelocityGuardDeps
  ) {
    this.backend = counters.kind
    this.captcha = deps.captcha ?? acceptEveryAttempt
    this.logger = deps.logger
    for (const scope of ["session", "ip", "publishable_key"] as const) {
      const { attempts, declines } = options[scope]
      if (attempts)
        this.attempts[scope] = this.counter(`${scope}:attempts`, attempts)
      if (declines)
        this.declines[scope] = this.counter(`${scope}:declines`, declines)
    }
    if (options.breaker) {
      const { window_s, open_s } = options.breaker
      const many = Number.MAX_SAFE_INTEGER
      // Outcome buckets outlive their window so the rate reads whole windows.
      this.breaker = {
        outcomes: counters.limiter("store:outcomes", many, window_s * 2),
        declines: counters.limiter("store:declines", many, window_s * 2),
        open: counters.limiter("store:breaker", 1, open_s),
      }
    }
    // One log line per blocked key and window, across instances on Redis.
    for (const scope of ["session", "ip", "publishable_key"] as const) {
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

  private counter(name: string, limit: WindowLimit): Counter {
    return {
      limit,
      limiter: this.counters.limiter(name, limit.max, limit.window_s),
    }
  }

  async check(keys: AttemptKeys): Promise<VelocityDecision> {
    await this.counters.ready
    const ids = this.idsOf(keys)

    const readBlocks = await Promise.all([
      this.breakerBlock(),
      ...(["session", "ip", "publishable_key"] as const).map((scope) =>
        this.declineBlock(scope, ids[scope])
      ),
    ])
    const readBlock = readBlocks.find((block) => block !== undefined)
    if (readBlock) return this.blocked(readBlock, keys)

    const captchaBlock = await this.captchaBlock(keys, ids)
    if (captchaBlock) return captchaBlock

    const consumed = await Promise.all(
      (["session", "ip", "publishable_key"] as const).map((scope) =>
        this.consumeAttempt(scope, ids[scope])
      )
    )
    const attemptBlock = consumed.find((block) => block !== undefined)
    if (attemptBlock) return this.blocked(attemptBlock, keys)
    return { allowed: true }
  }

  async record(keys: AttemptKeys & { outcome: AttemptOutcome }): Promise<void> {
    await this.counters.ready
    const ids = this.idsOf(keys)
    const work: Promise<unknown>[] = []
    if (keys.outcome === "declined") {
      for (const scope of ["session", "ip", "publishable_key"] as const) {
        const counter = this.declines[scope]
        const id = ids[scope]
        if (counter && id) work.push(counter.limiter.penalty(id))
      }
    }
    await Promise.all(work)
    if (keys.outcome !== "error") await this.recordForBreaker(keys.outcome)
  }

  async close(): Promise<void> {
    await this.counters.close()
  }

  private idsOf(keys: AttemptKeys) {
    const id = (scope: string, value: string | undefined) =>
      value ? counterKey(`${scope}:${value}`) : undefined
    return {
      session: id("session", keys.session_id),
      ip: id("ip", keys.ip),
      publishable_key: id("publishable_key", keys.publishable_key),
    }
  }

  private async breakerBlock(): Promise<Omit<Blocked, "message"> | undefined> {
    if (!this.breaker) return undefined
    const state = await this.breaker.open.get(BREAKER_KEY)
    if (!state || state.consumedPoints <= 1) return undefined
    return block("store", state)
  }

  private async declineBlock(
    scope: KeyScope,
    id: string | undefined
  ): Promise<Omit<Blocked, "message"> | undefined> {
    const counter = this.declines[scope]
    if (!counter || !id) return undefined
    const state = await counter.limiter.get(id)
    if (!state || state.consumedPoints < counter.limit.max) return undefined
    return block(scope, state)
  }

  private async consumeAttempt(
    scope: KeyScope,
    id: string | undefined
  ): Promise<Omit<Blocked, "message"> | undefined> {
    const counter = this.attempts[scope]
    if (!counter || !id) return undefined
    try {
      await counter.limiter.consume(id)
      return undefined
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return block(scope, rejection)
      throw rejection
    }
  }

  private async captchaBlock(
    keys: AttemptKeys,
    ids: ReturnType<Guard["idsOf"]>
  ): Promise<VelocityDecision | undefined> {
    const declines = await Promise.all(
      (["session", "ip"] as const).map(async (scope) => {
        const counter = this.declines[scope]
        const id = ids[scope]
        if (!counter || !id) return 0
        return (await counter.limiter.get(id))?.consumedPoints ?? 0
      })
    )
    const most = Math.max(...declines)
    if (most < this.options.captcha.after_declines) return undefined
    const passed = await this.captcha.verify({
      token: keys.captcha_token,
      ip: keys.ip,
      session_id: keys.session_id,
      declines: most,
    })
    if (passed) return undefined
    return {
      allowed: false,
      scope: "captcha",
      reason: "captcha_required",
      retry_after_s: 0,
      message: CAPTCHA_MESSAGE,
    }
  }

  private async recordForBreaker(outcome: "declined" | "approved") {
    if (!this.breaker) return
    const { window_s, min_outcomes, max_decline_percent, open_s } =
      this.options.breaker!
    const bucket = `w${Math.floor(Date.now() / (window_s * 1000))}`
    const [outcomes, declines] = await Promise.all([
      this.breaker.outcomes.penalty(bucket),
      outcome === "declined"
        ? this.breaker.declines.penalty(bucket)
        : this.breaker.declines.get(bucket),
    ])
    const declined = declines?.consumedPoints ?? 0
    if (
      outcomes.consumedPoints >= min_outcomes &&
      declined * 100 >= max_decline_percent * outcomes.consumedPoints
    ) {
      const state = await this.breaker.open.get(BREAKER_KEY)
      if (!state || state.consumedPoints <= 1) {
        await this.breaker.open.block(BREAKER_KEY, open_s)
      }
    }
  }

  private async blocked(
    decision: Omit<Blocked, "message">,
    keys: AttemptKeys
  ): Promise<Blocked> {
    const scope = decision.scope as Exclude<VelocityScope, "captcha">
    await this.logOnce(scope, keys, decision.retry_after_s)
    return { ...decision, message: MESSAGES[scope] }
  }

  private async logOnce(
    scope: Exclude<VelocityScope, "captcha">,
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

function block(
  scope: Exclude<VelocityScope, "captcha">,
  state: RateLimiterRes
): Omit<Blocked, "message"> {
  return {
    allowed: false,
    scope,
    reason: "limit",
    retry_after_s: Math.max(1, Math.ceil(state.msBeforeNext / 1000)),
  }
}
