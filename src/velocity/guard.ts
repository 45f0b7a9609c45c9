/**
 * The guard behind `createVelocityGuard`. It holds every limit from the
 * start of an attempt rather than from its answer (a possible decline
 * counts at once and is given back if it does not come), so N parallel
 * attempts against a limit of L let at most L through, on one instance or
 * on many sharing Redis.
 */
import { acceptEveryAttempt, CaptchaCheck } from "./captcha"
import { Breaker } from "./breaker"
import type { CounterBackend } from "./counter-backend"
import { idsOf, KEY_SCOPES, KeyScope } from "./key-scopes"
import type { VelocityOptions, WindowLimit } from "./options"
import { CAPTCHA_MESSAGE, refusalOf, Refusals } from "./refusals"
import { reservationOf, Reservations } from "./reservations"
import {
  Counter,
  giveBack,
  giveBackAll,
  Slot,
  take,
  takeAll,
  Taken,
} from "./slots"
import type {
  AttemptKeys,
  AttemptOutcome,
  VelocityDecision,
  VelocityGuard,
  VelocityGuardDeps,
} from "./velocity-guard"

export class Guard implements VelocityGuard {
  readonly backend: "memory" | "redis"
  private readonly attempts: Partial<Record<KeyScope, Counter>> = {}
  private readonly declines: Partial<Record<KeyScope, Counter>> = {}
  private readonly breaker?: Breaker
  private readonly refusals: Refusals
  private readonly captcha: CaptchaCheck
  /** This instance's unsettled reservations: which places to give back. */
  private readonly reservations = new Reservations()

  constructor(
    private readonly options: VelocityOptions,
    private readonly counters: CounterBackend,
    deps: VelocityGuardDeps
  ) {
    this.backend = counters.kind
    this.captcha = deps.captcha ?? acceptEveryAttempt
    for (const scope of KEY_SCOPES) {
      const { attempts, declines } = options[scope]
      if (attempts)
        this.attempts[scope] = this.counter(`${scope}:attempts`, attempts)
      if (declines)
        this.declines[scope] = this.counter(`${scope}:declines`, declines)
    }
    if (options.breaker) this.breaker = new Breaker(counters, options.breaker)
    this.refusals = new Refusals(options, counters, deps.logger)
  }

  private counter(name: string, limit: WindowLimit): Counter {
    return {
      limit,
      limiter: this.counters.limiter(name, limit.max, limit.window_s),
    }
  }

  async check(keys: AttemptKeys): Promise<VelocityDecision> {
    await this.counters.ready
    this.reservations.sweep()
    const ids = idsOf(keys)

    const open = await this.breaker?.openBlock()
    if (open) return this.refusals.blocked(open, keys)

    // Every place this check took, given back when it refuses (or fails).
    const held: Slot[] = []
    const release = () => giveBackAll(held.splice(0))
    try {
      // A place in each decline counter, as if this attempt were a decline.
      const declines = await takeAll(
        KEY_SCOPES.map((scope) => take(this.declines[scope], ids[scope])),
        held
      )
      const declineBlock = refusalOf(declines)
      if (declineBlock) {
        await release()
        return this.refusals.blocked(declineBlock, keys)
      }

      const captchaBlock = await this.captchaBlock(keys, declines)
      if (captchaBlock) {
        await release()
        return captchaBlock
      }

      const declineSlots = [...held]
      const attempts = await takeAll(
        KEY_SCOPES.map((scope) => take(this.attempts[scope], ids[scope])),
        held
      )
      const attemptBlock = refusalOf(attempts)
      if (attemptBlock) {
        await release()
        return this.refusals.blocked(attemptBlock, keys)
      }

      const breaker = await this.breaker?.reserve(held)
      if (breaker && "refused" in breaker) {
        await release()
        return this.refusals.blocked(breaker.refused, keys)
      }

      this.reservations.keep(ids, reservationOf(declineSlots, breaker))
      return { allowed: true }
    } catch (error) {
      await release().catch(() => {})
      throw error
    }
  }

  async record(keys: AttemptKeys & { outcome: AttemptOutcome }): Promise<void> {
    await this.counters.ready
    const ids = idsOf(keys)
    const reservation = this.reservations.settle(ids)
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
        await this.breaker?.record(keys.outcome, this.breaker.currentBucket())
      return
    }
    // A decline keeps the places its attempt took; any other outcome gives them back.
    if (keys.outcome !== "declined") {
      await giveBackAll(reservation.declines)
    }
    if (reservation.breaker) {
      // The outcome is counted before the attempt leaves the in-flight count,
      // so a check in between counts it twice rather than not at all.
      if (keys.outcome !== "error") {
        await this.breaker?.record(keys.outcome, reservation.breaker.bucket)
      }
      await giveBack(reservation.breaker.pending)
    }
  }

  async close(): Promise<void> {
    this.reservations.clear()
    await this.counters.close()
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
}
