/**
 * Two guards on one Redis share their counters, as two Medusa instances
 * would. Runs only when ACQUIRING_TEST_REDIS_URL is set (jest.config.js).
 */
import { randomBytes } from "node:crypto"
import Redis from "ioredis"
import { createVelocityGuard } from "../index"

const url = process.env.ACQUIRING_TEST_REDIS_URL as string
const key_prefix = `acquiring-test:${randomBytes(6).toString("hex")}`
const options = {
  backend: "redis" as const,
  redis_url: url,
  key_prefix,
  session: { declines: { max: 3, window_s: 60 } },
  ip: { attempts: { max: 5, window_s: 60 } },
  captcha: { after_declines: 100 },
}
const first = createVelocityGuard(options)
const second = createVelocityGuard(options)
const inspector = new Redis(url)

afterAll(async () => {
  const keys = await inspector.keys(`${key_prefix}:*`)
  if (keys.length) await inspector.del(...keys)
  await Promise.all([first.close(), second.close(), inspector.quit()])
})

it("uses Redis", () => {
  expect(first.backend).toBe("redis")
})

it("counts declines recorded on one instance when the other checks", async () => {
  const keys = { session_id: "payses_shared", ip: "192.0.2.10" }
  for (const guard of [first, second, first]) {
    expect((await guard.check(keys)).allowed).toBe(true)
    await guard.record({ ...keys, outcome: "declined" })
  }
  expect(await second.check(keys)).toMatchObject({
    allowed: false,
    scope: "session",
  })
  expect(await first.check(keys)).toMatchObject({
    allowed: false,
    scope: "session",
  })
})

it("shares the per-IP attempt limit across instances, parallel attempts included", async () => {
  const decisions = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      (i % 2 ? first : second).check({ session_id: `s${i}`, ip: "192.0.2.20" })
    )
  )
  expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5)
})

it("stores hashed keys, never the raw IP or session id", async () => {
  const keys = await inspector.keys(`${key_prefix}:*`)
  expect(keys.length).toBeGreaterThan(0)
  for (const key of keys) {
    expect(key).not.toContain("192.0.2")
    expect(key).not.toContain("payses_shared")
  }
})

it("opens the store-wide breaker for every instance", async () => {
  const breakerOptions = {
    ...options,
    key_prefix: `${key_prefix}:breaker`,
    breaker: {
      window_s: 600,
      min_outcomes: 3,
      max_decline_percent: 100,
      open_s: 60,
    },
  }
  const [one, two] = [
    createVelocityGuard(breakerOptions),
    createVelocityGuard(breakerOptions),
  ]
  try {
    for (const [i, guard] of [one, two, one].entries()) {
      await guard.record({
        session_id: `b${i}`,
        ip: `198.51.100.${i}`,
        outcome: "declined",
      })
    }
    expect(
      await two.check({ session_id: "fresh", ip: "203.0.113.99" })
    ).toMatchObject({
      allowed: false,
      scope: "store",
    })
    expect(await one.check({ session_id: "fresh2" })).toMatchObject({
      allowed: false,
      scope: "store",
    })
  } finally {
    await Promise.all([one.close(), two.close()])
  }
})
