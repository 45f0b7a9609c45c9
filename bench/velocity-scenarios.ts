/**
 * The velocity guard's own cost, apart from the checkout around it: a wave
 * of card attempts at once, each the guard's check before the acquirer is
 * asked and its record of the answer, on the Redis every instance shares,
 * next to the same wave of one plain rate-limit consume each (what a
 * per-IP limit in front of any route costs). Its Redis commands per attempt
 * are counted beside (INFO on a Redis the bench has to itself).
 */
import { randomBytes } from "node:crypto"
import Redis from "ioredis"
import { RateLimiterRedis } from "rate-limiter-flexible"
import { createVelocityGuard } from "../src/velocity"
import { interleave, ratioRow, timeMs, type Row } from "./measure"
import { commandsServed } from "./redis-commands"

export async function velocityRow(
  redisUrl: string,
  scale: { rounds: number; attempts: number }
): Promise<Row> {
  const prefix = `acquiring-bench-velocity-${randomBytes(4).toString("hex")}`
  const redis = new Redis(redisUrl)
  const guard = createVelocityGuard({
    backend: "redis",
    redis_url: redisUrl,
    key_prefix: `${prefix}:guard`,
  })
  const plain = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${prefix}:plain`,
    points: 30,
    duration: 600,
  })
  const commands = { guard: 0, plain: 0 }
  let wave = 0
  /** Shopper i of the wave under way: an IP of its own. */
  const ipOf = (i: number) => `10.${wave % 250}.${i >> 8}.${i & 255}`
  /** One wave: `attempts` shoppers, each an IP and a session of its own, one sales channel's key a wave (its limit is per minute). */
  const timedWave = async (
    counted: keyof typeof commands,
    attempt: (index: number, key: string) => Promise<void>
  ) => {
    wave += 1
    const key = `pk_${wave}`
    const before = await commandsServed(redis)
    const ms = await timeMs(() =>
      Promise.all(
        Array.from({ length: scale.attempts }, (_, i) => attempt(i, key))
      )
    )
    // INFO itself is one command
    commands[counted] += (await commandsServed(redis)) - before - 1
    return ms
  }
  try {
    const measured = await interleave(
      scale.rounds,
      () =>
        timedWave("guard", async (i, key) => {
          const keys = {
            session_id: `payses_${wave}_${i}`,
            ip: ipOf(i),
            publishable_key: key,
          }
          const decision = await guard.check(keys)
          if (!decision.allowed)
            throw new Error(`the guard refused attempt ${i}: ${decision.scope}`)
          await guard.record({ ...keys, outcome: "approved" })
        }),
      () =>
        timedWave("plain", async (i) => {
          await plain.consume(ipOf(i))
        })
    )
    // the warm-up pair's commands are counted too: rounds + 1 waves each
    const perAttempt = (n: number) =>
      (n / ((scale.rounds + 1) * scale.attempts)).toFixed(1)
    const perAttemptMs = (measured.target.median / scale.attempts).toFixed(2)
    return ratioRow(
      `velocity guard on Redis, ${scale.attempts} card attempts at once: check and record / one rate-limit consume each`,
      "ms a wave",
      measured,
      "one RateLimiterRedis consume an attempt",
      "reported",
      undefined,
      `${perAttemptMs} ms of a wave per attempt; Redis commands per attempt: ${perAttempt(commands.guard)} guard, ${perAttempt(commands.plain)} plain limit`
    )
  } finally {
    await guard.close()
    const stream = redis.scanStream({ match: `${prefix}:*`, count: 500 })
    for await (const keys of stream as AsyncIterable<string[]>)
      if (keys.length) await redis.del(...keys)
    redis.disconnect()
  }
}
