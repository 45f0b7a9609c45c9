/**
 * Where the velocity counters live: rate-limiter-flexible limiters over
 * Redis (shared by every Medusa instance on it) or over process memory.
 * Redis limiters fall back to memory while Redis is unreachable, so an
 * outage weakens the limits to per-instance ones instead of refusing every
 * payment.
 */
import Redis from "ioredis"
import {
  RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
} from "rate-limiter-flexible"

const FIRST_CONNECT_WAIT_MS = 1000

export type CounterBackend = {
  readonly kind: "memory" | "redis"
  /** A limiter of `points` per `duration_s`; the same name on the same Redis shares its counts. */
  limiter(name: string, points: number, duration_s: number): RateLimiterAbstract
  /** Settles once Redis first answered (or after a second): counting starts shared, not in memory. */
  ready: Promise<void>
  close(): Promise<void>
}

export type CounterBackendInput = {
  key_prefix: string
  /** A Redis URL, or an ioredis client the caller owns (it is not closed here). */
  redis?: string | Redis
  /** Told once per outage that counters fell back to this process's memory. */
  on_unavailable?: (message: string) => void
}

export function createCounterBackend(
  input: CounterBackendInput
): CounterBackend {
  if (input.redis === undefined) {
    return {
      kind: "memory",
      limiter: (name, points, duration) =>
        new RateLimiterMemory({
          keyPrefix: `${input.key_prefix}:${name}`,
          points,
          duration,
        }),
      ready: Promise.resolve(),
      close: async () => {},
    }
  }

  const owned = typeof input.redis === "string"
  const client =
    typeof input.redis === "string"
      ? // Without an offline queue a command fails at once while Redis is
        // down, and the memory insurance answers instead of a slow request.
        new Redis(input.redis, {
          enableOfflineQueue: false,
          maxRetriesPerRequest: 1,
        })
      : input.redis
  const ready =
    client.status === "ready"
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          client.once("ready", () => resolve())
          setTimeout(resolve, FIRST_CONNECT_WAIT_MS).unref()
        })

  let reported = false
  client.on("error", (error: Error) => {
    if (reported) return
    reported = true
    input.on_unavailable?.(
      `acquiring velocity limits: Redis unavailable (${error.name}); counting in this process's memory until it is back`
    )
  })
  client.on("ready", () => {
    reported = false
  })

  return {
    kind: "redis",
    limiter: (name, points, duration) => {
      const keyPrefix = `${input.key_prefix}:${name}`
      return new RateLimiterRedis({
        storeClient: client,
        keyPrefix,
        points,
        duration,
        insuranceLimiter: new RateLimiterMemory({
          keyPrefix,
          points,
          duration,
        }),
      })
    },
    ready,
    close: async () => {
      if (owned) await client.quit().catch(() => client.disconnect())
    },
  }
}
