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
 * Every limit is held when the attempt starts, not when its answer comes:
 * `check` takes a place in each attempt counter and, as if the attempt were
 * a decline, in each decline counter and in the store-wide breaker's count
 * of attempts in flight, with the counter backend's atomic increment (one
 * Redis command per counter), so N parallel attempts against a limit of L
 * let at most L through, on one instance or on many sharing Redis. `record`
 * then keeps the decline place (declined) or gives it back (approved,
 * error); a refused check gives back everything it took. A place is given
 * back only in the window it was taken in; one whose `record` never comes
 * (the process died) ends with its window.
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
type Block = Omit<Blocked, "message">

const KEY_SCOPES = ["session", "ip", "publishable_key"] as const

const BREAKER_KEY = "open"

/**
 * Retry-After of a store-wide refusal caused by attempts still in flight:
 * they are answered within the acquirer client's time-out (30 s by default),
 * and then the breaker either opens or lets attempts through again.
 */
const IN_FLIGHT_RETRY_S = 30

/** How often reservations whose windows all ended are dropped from memory. */
const SWEEP_EVERY_MS = 60_000

/**
 * One place taken in a counter's current window. The window is named by
 * when it ends (the key's expiry): a later window of the same key ends at
 * least a whole window later, so a place is never given back to a window it
 * was not taken in.
 */
type Slot = {
  limiter: RateLimiterAbstract
  key: string
  window_end: number
  window_ms: number
}

/** The places an allowed attempt holds until its outcome is recorded. */
type Reservation = {
  /** per session, IP and key: kept by a decline, given back otherwise */
  declines: Slot[]
  /** the breaker's count of attempts in flight, in the bucket of `bucket` */
  breaker?: { bucket: string; pending: Slot }
  /** when every window a place was taken in has ended */
  expires_at: number
}

/** What a consume answered: a place taken (with the count it made), or a refusal. */
type Taken = { slot: Slot; consumed: number } | { refused: RateLimiterRes }

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
    /** attempts let through whose answer has not come yet, per bucket */
    pending: RateLimiterAbstract
    open: RateLimiterAbstract
  }
  private readonly logged = {} as Record<
    Exclude<VelocityScope, "captcha">,
    RateLimiterAbstract
  >
  private readonly captcha: CaptchaCheck
  private readonly logger?: VelocityLogger
  /**
   * The reservations this instance made and has not settled yet, oldest
   * first, by the keys they were made for. Only which places to give back
   * lives here; the counts themselves live in the counter backend.
   */
  private readonly reservations = new Map<string, Reservation[]>()
  private lastSweep = Date.now()

  constructor(
    private readonly options: VelocityOptions,
    private readonly counters: CounterBackend,
    deps: VelocityGuardDeps
  ) {
    this.backend = counters.kind
    this.captcha = deps.captcha ?? acceptEveryAttempt
    this.logger = deps.logger
    for (const scope of KEY_SCOPES) {
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
        pending: counters.limiter("store:pending", many, window_s * 2),
        open: counters.limiter("store:breaker", 1, open_s),
      }
    }
    // One log line per blocked key and window, across instances on Redis.
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

  private counter(name: string, limit: WindowLimit): Counter {
    return {
      limit,
      limiter: this.counters.limiter(name, limit.max, limit.window_s),
    }
  }

  async check(keys: AttemptKeys): Promise<VelocityDecision> {
    await this.counters.ready
    this.sweep()
    const ids = this.idsOf(keys)

    const open = await this.breakerBlock()
    if (open) return this.blocked(open, keys)

    // Every place this check took, given back when it refuses (or fails).
    const held: Slot[] = []
    const release = () => this.giveBackAll(held.splice(0))
    try {
      // A place in each decline counter, as if this attempt were a decline.
      const declines = await this.takeAll(
        KEY_SCOPES.map((scope) => this.take(this.declines[scope], ids[scope])),
        held
      )
      const declineBlock = refusalOf(declines)
      if (declineBlock) {
        await release()
        return this.blocked(declineBlock, keys)
      }

      const captchaBlock = await this.captchaBlock(keys, declines)
      if (captchaBlock) {
        await release()
        return captchaBlock
      }

      const declineSlots = [...held]
      const attempts = await this.takeAll(
        KEY_SCOPES.map((scope) => this.take(this.attempts[scope], ids[scope])),
        held
      )
      const attemptBlock = refusalOf(attempts)
      if (attemptBlock) {
        await release()
        return this.blocked(attemptBlock, keys)
      }

      const breaker = await this.reserveInBreaker(held)
      if (breaker && "refused" in breaker) {
        await release()
        return this.blocked(breaker.refused, keys)
      }

      this.keep(ids, {
        declines: declineSlots,
        breaker,
        expires_at: Math.max(
          Date.now(),
          ...[...declineSlots, ...(breaker ? [breaker.pending] : [])].map(
            (slot) => slot.window_end
          )
        ),
      })
      return { allowed: true }
    } catch (error) {
      await release().catch(() => {})
      throw error
    }
  }

  async record(keys: AttemptKeys & { outcome: AttemptOutcome }): Promise<void> {
    await this.counters.ready
    const ids = this.idsOf(keys)
    const reservation = this.settle(ids)
    if (!reservation) {
      // No attempt of these keys is waiting here: count the outcome itself.
      const work: Promise<unknown>[] = []
      if (keys.outcome === "declined") {
        for (const scope of KEY_SCOPES) {
          const counter = this.declines[scope]
          const id = ids[scope]
          if (counter && id) work.push(counter.limiter.penalty(id))
        }
      }
      await Promise.all(work)
      if (keys.outcome !== "error")
        await this.recordForBreaker(keys.outcome, this.currentBucket())
      return
    }
    // A decline keeps the places its attempt took; any other outcome gives them back.
    if (keys.outcome !== "declined") {
      await this.giveBackAll(reservation.declines)
    }
    if (reservation.breaker) {
      // The outcome is counted before the attempt leaves the in-flight count,
      // so a check in between counts it twice rather than not at all.
      if (keys.outcome !== "error") {
        await this.recordForBreaker(keys.outcome, reservation.breaker.bucket)
      }
      await this.giveBack(reservation.breaker.pending)
    }
  }

  async close(): Promise<void> {
    this.reservations.clear()
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

  private reservationKey(ids: ReturnType<Guard["idsOf"]>): string {
    return [ids.session, ids.ip ?? "", ids.publishable_key ?? ""].join("|")
  }

  private keep(ids: ReturnType<Guard["idsOf"]>, reservation: Reservation) {
    const key = this.reservationKey(ids)
    const waiting = this.reservations.get(key)
    if (waiting) waiting.push(reservation)
    else this.reservations.set(key, [reservation])
  }

  /** The oldest unsettled reservation of these keys, taken off the list. */
  private settle(ids: ReturnType<Guard["idsOf"]>): Reservation | undefined {
    const key = this.reservationKey(ids)
    const waiting = this.reservations.get(key)
    const oldest = waiting?.shift()
    if (waiting && waiting.length === 0) this.reservations.delete(key)
    return oldest
  }

  /** Drops reservations whose windows all ended: nothing is left to give back. */
  private sweep() {
    const now = Date.now()
    if (now - this.lastSweep < SWEEP_EVERY_MS) return
    this.lastSweep = now
    for (const [key, waiting] of this.reservations) {
      const live = waiting.filter((reservation) => reservation.expires_at > now)
      if (live.length) this.reservations.set(key, live)
      else this.reservations.delete(key)
    }
  }

  /** Takes one place in the counter's current window (atomically); a refusal takes none. */
  private async take(
    counter: Counter | undefined,
    id: string | undefined
  ): Promise<Taken | undefined> {
    if (!counter || !id) return undefined
    const window_ms = counter.limit.window_s * 1000
    try {
      const res = await counter.limiter.consume(id)
      return {
        slot: slotOf(counter.limiter, id, res, window_ms),
        consumed: res.consumedPoints,
      }
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection
      // A refused consume still counted its point: hand it straight back.
      await this.giveBack(slotOf(counter.limiter, id, rejection, window_ms))
      return { refused: rejection }
    }
  }

  /** Waits for every take; the places taken join `held` even when another take failed. */
  private async takeAll(
    takes: Promise<Taken | undefined>[],
    held: Slot[]
  ): Promise<Record<KeyScope, Taken | undefined>> {
    const settled = await Promise.allSettled(takes)
    const results = {} as Record<KeyScope, Taken | undefined>
    let failure: { reason: unknown } | undefined
    settled.forEach((outcome, index) => {
      if (outcome.status === "rejected") {
        failure ??= { reason: outcome.reason }
        return
      }
      results[KEY_SCOPES[index]] = outcome.value
      if (outcome.value && "slot" in outcome.value)
        held.push(outcome.value.slot)
    })
    if (failure) throw failure.reason
    return results
  }

  /**
   * Gives one place back to the window it was taken in. When that window
   * has ended the place ended with it, and a later window is left alone.
   */
  private async giveBack(slot: Slot): Promise<void> {
    const state = await slot.limiter.get(slot.key)
    if (!state || !sameWindow(state, slot)) return
    const res = await slot.limiter.reward(slot.key)
    // The window ended between the read and the reward, which then opened
    // a new one below zero: put the new window back at zero.
    if (res.consumedPoints < 0) {
      await slot.limiter.penalty(slot.key, -res.consumedPoints)
    }
  }

  private async giveBackAll(slots: Slot[]): Promise<void> {
    await Promise.all(slots.map((slot) => this.giveBack(slot)))
  }

  private currentBucket(): string {
    const window_s = this.options.breaker?.window_s ?? 1
    return `w${Math.floor(Date.now() / (window_s * 1000))}`
  }

  private async breakerBlock(): Promise<Block | undefined> {
    if (!this.breaker) return undefined
    const state = await this.breaker.open.get(BREAKER_KEY)
    if (!state || state.consumedPoints <= 1) return undefined
    return block("store", state)
  }

  /**
   * Counts the attempt as in flight for the breaker and refuses it when the
   * breaker would open should every attempt in flight before it decline:
   * the attempt a one-at-a-time store would have refused.
   */
  private async reserveInBreaker(
    held: Slot[]
  ): Promise<
    { bucket: string; pending: Slot } | { refused: Block } | undefined
  > {
    if (!this.breaker) return undefined
    const { window_s, min_outcomes, max_decline_percent } =
      this.options.breaker!
    const bucket = this.currentBucket()
    const res = await this.breaker.pending.penalty(bucket)
    const pending = slotOf(this.breaker.pending, bucket, res, window_s * 2000)
    held.push(pending)
    // Read after the attempt joined the in-flight count: an attempt that
    // left it in between has had its outcome counted by then.
    const [outcomes, declines] = await Promise.all([
      this.breaker.outcomes.get(bucket),
      this.breaker.declines.get(bucket),
    ])
    const inFlight = res.consumedPoints - 1
    const answered = (outcomes?.consumedPoints ?? 0) + inFlight
    const declined = (declines?.consumedPoints ?? 0) + inFlight
    if (
      answered >= min_outcomes &&
      declined * 100 >= max_decline_percent * answered
    ) {
      return {
        refused: {
          allowed: false,
          scope: "store",
          reason: "limit",
          retry_after_s: IN_FLIGHT_RETRY_S,
        },
      }
    }
    return { bucket, pending }
  }

  private async captchaBlock(
    keys: AttemptKeys,
    declines: Record<KeyScope, Taken | undefined>
  ): Promise<VelocityDecision | undefined> {
    // The declines before this attempt (attempts still in flight included).
    const counts = (["session", "ip"] as const).map((scope) => {
      const taken = declines[scope]
      return taken && "slot" in taken ? taken.consumed - 1 : 0
    })
    const most = Math.max(...counts)
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

  /** Counts an answer in `bucket` and opens the breaker when the answers there call for it. */
  private async recordForBreaker(
    outcome: "declined" | "approved",
    bucket: string
  ) {
    if (!this.breaker) return
    const { min_outcomes, max_decline_percent, open_s } = this.options.breaker!
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

  private async blocked(decision: Block, keys: AttemptKeys): Promise<Blocked> {
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

/** The first refusal in scope order (session, IP, key). */
function refusalOf(
  taken: Record<KeyScope, Taken | undefined>
): Block | undefined {
  for (const scope of KEY_SCOPES) {
    const result = taken[scope]
    if (result && "refused" in result) return block(scope, result.refused)
  }
  return undefined
}

function slotOf(
  limiter: RateLimiterAbstract,
  key: string,
  res: RateLimiterRes,
  window_ms: number
): Slot {
  return { limiter, key, window_end: Date.now() + res.msBeforeNext, window_ms }
}

/** Whether the key's window now is the one the place was taken in (clocks read a few ms apart). */
function sameWindow(state: RateLimiterRes, slot: Slot): boolean {
  const tolerance = Math.min(1000, slot.window_ms / 2)
  return Math.abs(Date.now() + state.msBeforeNext - slot.window_end) < tolerance
}

function block(
  scope: Exclude<VelocityScope, "captcha">,
  state: RateLimiterRes
): Block {
  return {
    allowed: false,
    scope,
    reason: "limit",
    retry_after_s: Math.max(1, Math.ceil(state.msBeforeNext / 1000)),
  }
}
