/**
 * The store-wide decline-rate breaker: card testing spread over enough
 * sessions, IPs and keys to stay under each key's limits still shows as a
 * store whose answers are mostly declines. Attempts in flight count as
 * declines until answered, so parallel attempts cannot slip past a breaker
 * that is about to open.
 */
import { RateLimiterAbstract } from "rate-limiter-flexible"
import type { CounterBackend } from "./counter-backend"
import type { VelocityOptions } from "./options"
import { block, Block } from "./refusals"
import { Slot, slotOf } from "./slots"

type BreakerOptions = NonNullable<VelocityOptions["breaker"]>

const BREAKER_KEY = "open"

/**
 * Retry-After of a store-wide refusal caused by attempts still in flight:
 * they are answered within the acquirer client's time-out (30 s by default),
 * and then the breaker either opens or lets attempts through again.
 */
const IN_FLIGHT_RETRY_S = 30

export class Breaker {
  private readonly outcomes: RateLimiterAbstract
  private readonly declines: RateLimiterAbstract
  /** attempts let through whose answer has not come yet, per bucket */
  private readonly pending: RateLimiterAbstract
  private readonly open: RateLimiterAbstract

  constructor(
    counters: CounterBackend,
    private readonly options: BreakerOptions
  ) {
    const { window_s, open_s } = options
    const many = Number.MAX_SAFE_INTEGER
    // Outcome buckets outlive their window so the rate reads whole windows.
    this.outcomes = counters.limiter("store:outcomes", many, window_s * 2)
    this.declines = counters.limiter("store:declines", many, window_s * 2)
    this.pending = counters.limiter("store:pending", many, window_s * 2)
    this.open = counters.limiter("store:breaker", 1, open_s)
  }

  /** The bucket answers are counted in now: one per breaker window. */
  currentBucket(): string {
    return `w${Math.floor(Date.now() / (this.options.window_s * 1000))}`
  }

  /** The refusal while the breaker is open. */
  async openBlock(): Promise<Block | undefined> {
    const state = await this.open.get(BREAKER_KEY)
    if (!state || state.consumedPoints <= 1) return undefined
    return block("store", state)
  }

  /**
   * Counts the attempt as in flight for the breaker and refuses it when the
   * breaker would open should every attempt in flight before it decline:
   * the attempt a one-at-a-time store would have refused.
   */
  async reserve(
    held: Slot[]
  ): Promise<{ bucket: string; pending: Slot } | { refused: Block }> {
    const { window_s, min_outcomes, max_decline_percent } = this.options
    const bucket = this.currentBucket()
    const res = await this.pending.penalty(bucket)
    const pending = slotOf(this.pending, bucket, res, window_s * 2000)
    held.push(pending)
    // Read after the attempt joined the in-flight count: an attempt that
    // left it in between has had its outcome counted by then.
    const [outcomes, declines] = await Promise.all([
      this.outcomes.get(bucket),
      this.declines.get(bucket),
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

  /** Counts an answer in `bucket` and opens the breaker when the answers there call for it. */
  async record(outcome: "declined" | "approved", bucket: string) {
    const { min_outcomes, max_decline_percent, open_s } = this.options
    const [outcomes, declines] = await Promise.all([
      this.outcomes.penalty(bucket),
      outcome === "declined"
        ? this.declines.penalty(bucket)
        : this.declines.get(bucket),
    ])
    const declined = declines?.consumedPoints ?? 0
    if (
      outcomes.consumedPoints >= min_outcomes &&
      declined * 100 >= max_decline_percent * outcomes.consumedPoints
    ) {
      const state = await this.open.get(BREAKER_KEY)
      if (!state || state.consumedPoints <= 1) {
        await this.open.block(BREAKER_KEY, open_s)
      }
    }
  }
}
