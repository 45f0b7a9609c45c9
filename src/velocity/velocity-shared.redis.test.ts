/**
 * Two guards on one Redis share their counters, as two Medusa instances
 * would. Runs only when ACQUIRING_TEST_REDIS_URL is set (jest.config.js).
 */
import { randomBytes } from "node:crypto"
import Redis from "ioredis"
import { createVelocityGuard } from "./index"

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
/** Every timer API but the clock, which a test may move on. */
const TIMERS = [
  "hrtime",
  "nextTick",
  "performance",
  "queueMicrotask",
  "requestAnimationFrame",
  "cancelAnimationFrame",
  "requestIdleCallback",
  "cancelIdleCallback",
  "setImmediate",
  "clearImmediate",
  "setInterval",
  "clearInterval",
  "setTimeout",
  "clearTimeout",
] as const
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

describe("attempts in flight on two instances", () => {
  const tenDeclinesPerIp = {
    backend: "redis" as const,
    redis_url: url,
    session: { attempts: null, declines: null },
    ip: { attempts: null, declines: { max: 10, window_s: 60 } },
    publishable_key: { attempts: null, declines: null },
    breaker: null,
    captcha: { after_declines: 1000 },
  }
  const opened: ReturnType<typeof createVelocityGuard>[] = []
  afterAll(async () => {
    await Promise.all(opened.map((guard) => guard.close()))
  })
  function pair(suffix: string, overrides: object = {}) {
    const shared = {
      ...tenDeclinesPerIp,
      key_prefix: `${key_prefix}:${suffix}`,
      ...overrides,
    }
    const guards = [createVelocityGuard(shared), createVelocityGuard(shared)]
    opened.push(...guards)
    return guards
  }

  /**
   * The pair's windows end as if `ms` had gone by: Redis forgets their keys
   * (as their expiry would) and the guards' clock moves on, so a place taken
   * before is seen as taken in an earlier window.
   */
  async function endWindows(suffix: string, ms: number) {
    const keys = await inspector.keys(`${key_prefix}:${suffix}*`)
    expect(keys.length).toBeGreaterThan(0)
    await inspector.del(...keys)
    jest.setSystemTime(Date.now() + ms)
  }

  /** Resolves once `count` checks have been decided: every attempt is in flight before any is answered. */
  function inFlightTogether(count: number) {
    let decided = 0
    let allDecided: () => void = () => undefined
    const everyCheckDecided = new Promise<void>((done) => (allDecided = done))
    return () => {
      if (++decided === count) allDecided()
      return everyCheckDecided
    }
  }

  /** `count` attempts at once, alternating between the guards; each let through is answered `outcome` once all are decided. */
  function inParallel(
    guards: ReturnType<typeof createVelocityGuard>[],
    ip: string,
    count: number,
    outcome: "declined" | "approved",
    from = 0
  ) {
    const decided = inFlightTogether(count)
    return Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const guard = guards[i % guards.length]
        const keys = { session_id: `s${from + i}`, ip }
        const decision = await guard.check(keys)
        const everyCheckDecided = decided()
        if (decision.allowed) {
          await everyCheckDecided
          await guard.record({ ...keys, outcome })
        }
        return decision
      })
    )
  }

  it("20 attempts at once that all decline, against 10 declines per IP: exactly 10 pass", async () => {
    const guards = pair("inflight-declines")
    const decisions = await inParallel(guards, "192.0.2.30", 20, "declined")
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10)
    for (const guard of guards) {
      expect(
        await guard.check({ session_id: "late", ip: "192.0.2.30" })
      ).toMatchObject({ allowed: false, scope: "ip" })
    }
  })

  it("approved attempts give their places back on either instance: after 10 approvals 10 more pass", async () => {
    const guards = pair("inflight-approvals")
    const first = await inParallel(guards, "192.0.2.31", 10, "approved")
    expect(first.every((decision) => decision.allowed)).toBe(true)
    const declined = await inParallel(guards, "192.0.2.31", 15, "declined", 10)
    expect(declined.filter((decision) => decision.allowed)).toHaveLength(10)
  })

  it("the breaker lets through no more attempts in flight than answers it would open on", async () => {
    const guards = pair("inflight-breaker", {
      ip: { attempts: null, declines: null },
      breaker: {
        window_s: 600,
        min_outcomes: 10,
        max_decline_percent: 100,
        open_s: 60,
      },
    })
    const decided = inFlightTogether(20)
    const decisions = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const guard = guards[i % 2]
        const keys = { session_id: `b${i}`, ip: `198.51.100.${i}` }
        const decision = await guard.check(keys)
        const everyCheckDecided = decided()
        if (decision.allowed) {
          await everyCheckDecided
          await guard.record({ ...keys, outcome: "declined" })
        }
        return decision
      })
    )
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10)
    expect(
      await guards[1].check({ session_id: "after", ip: "203.0.113.1" })
    ).toMatchObject({ allowed: false, scope: "store" })
  })

  it("gives a place back only to the window it was taken in", async () => {
    // only the clock: Redis's client keeps its own timers
    jest.useFakeTimers({ now: Date.now(), doNotFake: [...TIMERS] })
    const [one, two] = pair("inflight-window", {
      ip: { attempts: null, declines: { max: 1, window_s: 1 } },
    })
    const keys = (n: number) => ({ session_id: `w${n}`, ip: "192.0.2.32" })
    expect((await one.check(keys(0))).allowed).toBe(true)
    expect(await two.check(keys(1))).toMatchObject({ scope: "ip" })
    await endWindows("inflight-window", 1_100)
    expect((await two.check(keys(1))).allowed).toBe(true)
    await one.record({ ...keys(0), outcome: "approved" })
    expect(await one.check(keys(2))).toMatchObject({ scope: "ip" })
    await two.record({ ...keys(1), outcome: "approved" })
    expect((await one.check(keys(2))).allowed).toBe(true)
    jest.useRealTimers()
  })
})
