/** Limits that hold while attempts are still waiting for the acquirer's answer. */
import type { VelocityGuard } from "./index"
import { attempt, memoryGuards } from "./__fixtures__/guards"

const guardWith = memoryGuards()

describe("limits held while attempts are in flight", () => {
  afterEach(() => jest.useRealTimers())
  const off = {
    session: { attempts: null, declines: null },
    ip: { attempts: null, declines: null },
    publishable_key: { attempts: null, declines: null },
    breaker: null,
    captcha: { after_declines: 1000 },
  }
  const tenDeclines = { max: 10, window_s: 600 }

  // Each case: a decline limit of 10 and the keys of attempt n, sharing only what that limit counts by.
  const cases = [
    {
      scope: "session",
      options: { ...off, session: { attempts: null, declines: tenDeclines } },
      keys: (n: number) =>
        attempt({ ip: `192.0.2.${n}`, publishable_key: `pk_${n}` }),
    },
    {
      scope: "ip",
      options: { ...off, ip: { attempts: null, declines: tenDeclines } },
      keys: (n: number) =>
        attempt({ session_id: `s${n}`, publishable_key: `pk_${n}` }),
    },
    {
      scope: "publishable_key",
      options: {
        ...off,
        publishable_key: { attempts: null, declines: tenDeclines },
      },
      keys: (n: number) => attempt({ session_id: `s${n}`, ip: `192.0.2.${n}` }),
    },
    {
      scope: "store",
      options: {
        ...off,
        breaker: {
          window_s: 600,
          min_outcomes: 10,
          max_decline_percent: 100,
          open_s: 60,
        },
      },
      keys: (n: number) =>
        attempt({
          session_id: `s${n}`,
          ip: `192.0.2.${n}`,
          publishable_key: `pk_${n}`,
        }),
    },
  ] as const

  /** Checks `count` attempts at once; each one let through is answered with `outcome` once every check has been decided. */
  async function inParallel(
    guard: VelocityGuard,
    keys: (n: number) => ReturnType<typeof attempt>,
    count: number,
    outcome: "declined" | "approved" | "error",
    from = 0
  ) {
    let decided = 0
    let allDecided: () => void = () => undefined
    const everyCheckDecided = new Promise<void>((done) => (allDecided = done))
    const decisions = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const decision = await guard.check(keys(from + i))
        if (++decided === count) allDecided()
        if (decision.allowed) {
          // all of them in flight at once: no answer before the last check
          await everyCheckDecided
          await guard.record({ ...keys(from + i), outcome })
        }
        return decision
      })
    )
    return decisions
  }

  describe.each(cases)("$scope", ({ scope, options, keys }) => {
    it("20 attempts at once that all decline: exactly 10 reach the acquirer, then the limit holds", async () => {
      const guard = guardWith(options)
      const decisions = await inParallel(guard, keys, 20, "declined")
      expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10)
      for (const refused of decisions.filter((decision) => !decision.allowed))
        expect(refused).toMatchObject({ scope, reason: "limit" })
      expect(await guard.check(keys(99))).toMatchObject({
        allowed: false,
        scope,
      })
    })

    it("approved attempts give their places back: after 10 approvals 10 more pass", async () => {
      const guard = guardWith(options)
      const first = await inParallel(guard, keys, 10, "approved")
      expect(first.every((decision) => decision.allowed)).toBe(true)
      const second = await inParallel(guard, keys, 10, "approved", 10)
      expect(second.every((decision) => decision.allowed)).toBe(true)
      if (scope === "store") return // approvals keep the decline rate low: nothing else to refuse
      const declined = await inParallel(guard, keys, 15, "declined", 20)
      expect(declined.filter((decision) => decision.allowed)).toHaveLength(10)
    })
  })

  it("refuses the 11th attempt while 10 are in flight, and lets it through once they are approved", async () => {
    const guard = guardWith(cases[1].options)
    const keys = cases[1].keys
    for (let n = 0; n < 10; n++)
      expect((await guard.check(keys(n))).allowed).toBe(true)
    expect(await guard.check(keys(10))).toMatchObject({ scope: "ip" })
    for (let n = 0; n < 10; n++)
      await guard.record({ ...keys(n), outcome: n % 2 ? "approved" : "error" })
    expect((await guard.check(keys(10))).allowed).toBe(true)
  })

  it("does not count an attempt reserved and then approved as a decline", async () => {
    const guard = guardWith({
      ...off,
      session: { attempts: null, declines: { max: 1, window_s: 600 } },
    })
    expect((await guard.check(attempt())).allowed).toBe(true)
    await guard.record({ ...attempt(), outcome: "approved" })
    expect((await guard.check(attempt())).allowed).toBe(true)
    await guard.record({ ...attempt(), outcome: "error" })
    expect((await guard.check(attempt())).allowed).toBe(true)
    await guard.record({ ...attempt(), outcome: "declined" })
    expect(await guard.check(attempt())).toMatchObject({ scope: "session" })
  })

  it("counts declines in flight before the CAPTCHA step, not the attempt's own place", async () => {
    const seen: number[] = []
    const guard = guardWith(
      {
        ...off,
        ip: { attempts: null, declines: tenDeclines },
        captcha: { after_declines: 2 },
      },
      {
        captcha: {
          verify: async ({ declines }: { declines: number }) => {
            seen.push(declines)
            return true
          },
        },
      }
    )
    const keys = cases[1].keys
    await guard.check(keys(0))
    await guard.check(keys(1))
    expect(seen).toEqual([])
    await guard.check(keys(2))
    expect(seen).toEqual([2])
  })

  it("a refused attempt keeps no place in any counter", async () => {
    const guard = guardWith({
      ...off,
      ip: { attempts: { max: 1, window_s: 600 }, declines: null },
      publishable_key: { attempts: null, declines: { max: 2, window_s: 600 } },
    })
    const from = (ip: string, session_id: string) => attempt({ ip, session_id })
    expect((await guard.check(from("192.0.2.1", "a"))).allowed).toBe(true)
    // refused by the IP's attempts: its place in the key's declines is given back
    expect(await guard.check(from("192.0.2.1", "b"))).toMatchObject({
      scope: "ip",
    })
    expect((await guard.check(from("192.0.2.2", "c"))).allowed).toBe(true)
    expect(await guard.check(from("192.0.2.3", "d"))).toMatchObject({
      scope: "publishable_key",
    })
    await guard.record({ ...from("192.0.2.1", "a"), outcome: "approved" })
    expect((await guard.check(from("192.0.2.4", "e"))).allowed).toBe(true)
  })

  it("gives a place back only to the window it was taken in", async () => {
    jest.useFakeTimers({
      doNotFake: ["nextTick", "setImmediate", "queueMicrotask"],
    })
    const guard = guardWith({
      ...off,
      ip: { attempts: null, declines: { max: 1, window_s: 1 } },
    })
    const keys = cases[1].keys
    expect((await guard.check(keys(0))).allowed).toBe(true)
    // the window ends: the clock is driven, not waited on
    jest.advanceTimersByTime(1100)
    // a new window: the attempt still in flight took its place in the old one
    expect((await guard.check(keys(1))).allowed).toBe(true)
    await guard.record({ ...keys(0), outcome: "approved" })
    expect(await guard.check(keys(2))).toMatchObject({ scope: "ip" })
    await guard.record({ ...keys(1), outcome: "approved" })
    expect((await guard.check(keys(2))).allowed).toBe(true)
  })

  it("a place whose outcome never comes (the process died) ends with its window", async () => {
    jest.useFakeTimers({
      doNotFake: ["nextTick", "setImmediate", "queueMicrotask"],
    })
    const guard = guardWith({
      ...off,
      ip: { attempts: null, declines: { max: 1, window_s: 1 } },
    })
    const keys = cases[1].keys
    expect((await guard.check(keys(0))).allowed).toBe(true)
    expect(await guard.check(keys(1))).toMatchObject({ scope: "ip" })
    // the window ends: the clock is driven, not waited on
    jest.advanceTimersByTime(1100)
    expect((await guard.check(keys(1))).allowed).toBe(true)
  })

  it("the breaker refuses for a short while when attempts in flight could open it, and opens only on answers", async () => {
    const guard = guardWith(cases[3].options)
    const keys = cases[3].keys
    for (let n = 0; n < 10; n++)
      expect((await guard.check(keys(n))).allowed).toBe(true)
    const refused = await guard.check(keys(10))
    expect(refused).toMatchObject({ allowed: false, scope: "store" })
    if (refused.allowed) throw new Error("unreachable")
    expect(refused.retry_after_s).toBe(30)
    expect(refused.message).toMatch(/paused/)
    // one approval: 9 declines of 10 answers stays below 100 %
    await guard.record({ ...keys(0), outcome: "approved" })
    for (let n = 1; n < 10; n++)
      await guard.record({ ...keys(n), outcome: "declined" })
    expect((await guard.check(keys(11))).allowed).toBe(true)
  })
})
