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

export type CounterBackend = {
  readonly kind: "memory" | "redis"
  /** A limiter of `points` per `duration_s`; the same name on the same Redis shares its counts. */
  limiter(name: string, points: number, duration_s: number): RateLimiterAbstract
  close(): Promise<void>
}

export type CounterBackendInput = {
  key_prefix: string
  /** A Redis URL, or an ioredis client the caller owns (it is not closed here). */
  redis?: string | Redis
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
      close: async () => {},
    }
  }

  const owned = typeof input.redis === "string"
  const client =
    typeof input.redis === "string"
      ? // Commands wait for the connection briefly (so a fresh instance
        // counts in Redis from its first request); past the timeout, or
        // while Redis is down, the memory insurance answers instead.
        new Redis(input.redis, {
          commandTimeout: 1000,
          maxRetriesPerRequest: 1,
        })
      : input.redis
  if (owned) client.on("error", () => {}) // reported through the insurance path

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
    close: async () => {
      if (owned) await client.quit().catch(() => client.disconnect())
    },
  }
}
