import {
  createVelocityGuard,
  VelocityGuard,
  VelocityOptionsInput,
} from "./index"

const guards: VelocityGuard[] = []
afterAll(async () => {
  await Promise.all(guards.map((guard) => guard.close()))
})

function guardWith(options: VelocityOptionsInput = {}, deps = {}) {
  const guard = createVelocityGuard({ backend: "memory", ...options }, deps)
  guards.push(guard)
  return guard
}

const attempt = (
  overrides: Partial<{
    session_id: string
    ip: string
    publishable_key: string
  }> = {}
) => ({
  session_id: "payses_01JABCDEFGHJKMNPQRSTVWXYZ0",
  ip: "203.0.113.7",
  publishable_key: "pk_0123456789abcdef0123456789abcdef",
  ...overrides,
})

describe("per-session limits", () => {
  it("allows the attempt after 4 declines and refuses it after 5 (the default)", async () => {
    const guard = guardWith()
    for (let i = 0; i < 4; i++) {
      expect((await guard.check(attempt())).allowed).toBe(true)
      await guard.record({ ...attempt(), outcome: "declined" })
    }
    expect(await guard.check(attempt())).toEqual({ allowed: true })
    await guard.record({ ...attempt(), outcome: "declined" })

    const refused = await guard.check(attempt())
    expect(refused).toMatchObject({
      allowed: false,
      scope: "session",
      reason: "limit",
    })
    if (refused.allowed) throw new Error("unreachable")
    expect(refused.retry_after_s).toBeGreaterThan(24 * 3600 - 60)
    expect(refused.retry_after_s).toBeLessThanOrEqual(24 * 3600)
    expect(refused.message).toMatch(/too many attempts/i)

    // another session from elsewhere is unaffected
    expect(
      (
        await guard.check(
          attempt({ session_id: "payses_other", ip: "198.51.100.1" })
        )
      ).allowed
    ).toBe(true)
  })

  it("caps attempts of any outcome (10 by default), so the 11th answers a refusal, not an error", async () => {
    const guard = guardWith({
      ip: { attempts: null },
      captcha: { after_declines: 50 },
    })
    const outcomes = ["approved", "error"] as const
    for (let i = 0; i < 10; i++) {
      expect((await guard.check(attempt())).allowed).toBe(true)
      await guard.record({ ...attempt(), outcome: outcomes[i % 2] })
    }
    expect(await guard.check(attempt())).toMatchObject({
      allowed: false,
      scope: "session",
    })
  })

  it("lets exactly max attempts through when they arrive at once", async () => {
    // Without a decline limit: in-flight attempts hold decline places too (5 by default).
    const guard = guardWith({
      session: { attempts: { max: 7, window_s: 60 }, declines: null },
    })
    const decisions = await Promise.all(
      Array.from({ length: 25 }, () => guard.check(attempt()))
    )
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(7)
  })

  it("does not count a refused attempt towards the attempt limit of other scopes", async () => {
    const guard = guardWith({
      session: { declines: { max: 1, window_s: 60 } },
      ip: { attempts: { max: 3, window_s: 60 } },
    })
    await guard.check(attempt())
    await guard.record({ ...attempt(), outcome: "declined" })
    for (let i = 0; i < 5; i++) {
      expect(await guard.check(attempt())).toMatchObject({ scope: "session" })
    }
    expect((await guard.check(attempt({ session_id: "s2" }))).allowed).toBe(
      true
    )
    expect((await guard.check(attempt({ session_id: "s3" }))).allowed).toBe(
      true
    )
    expect(await guard.check(attempt({ session_id: "s4" }))).toMatchObject({
      scope: "ip",
    })
  })
})

describe("per-IP and per-key limits", () => {
  it("refuses the N+1th attempt from one IP over many sessions, not another IP", async () => {
    const guard = guardWith({ ip: { attempts: { max: 3, window_s: 600 } } })
    for (let i = 0; i < 3; i++) {
      expect(
        (await guard.check(attempt({ session_id: `s${i}` }))).allowed
      ).toBe(true)
    }
    const refused = await guard.check(attempt({ session_id: "s3" }))
    expect(refused).toMatchObject({ allowed: false, scope: "ip" })
    if (refused.allowed) throw new Error("unreachable")
    expect(refused.retry_after_s).toBeGreaterThan(590)
    expect(refused.retry_after_s).toBeLessThanOrEqual(600)
    expect(
      (await guard.check(attempt({ session_id: "s4", ip: "198.51.100.2" })))
        .allowed
    ).toBe(true)
  })

  it("counts declines per IP across sessions", async () => {
    const guard = guardWith({ ip: { declines: { max: 2, window_s: 600 } } })
    for (const session_id of ["a", "b"]) {
      await guard.check(attempt({ session_id }))
      await guard.record({ ...attempt({ session_id }), outcome: "declined" })
    }
    expect(await guard.check(attempt({ session_id: "c" }))).toMatchObject({
      scope: "ip",
    })
  })

  it("refuses the N+1th attempt on one publishable key over many IPs", async () => {
    const guard = guardWith({
      publishable_key: { attempts: { max: 4, window_s: 60 } },
    })
    for (let i = 0; i < 4; i++) {
      const decision = await guard.check(
        attempt({ session_id: `s${i}`, ip: `198.51.100.${i}` })
      )
      expect(decision.allowed).toBe(true)
    }
    expect(
      await guard.check(attempt({ session_id: "s9", ip: "198.51.100.9" }))
    ).toMatchObject({ allowed: false, scope: "publishable_key" })
    expect(
      (
        await guard.check(
          attempt({
            session_id: "s10",
            ip: "198.51.100.10",
            publishable_key: "pk_other",
          })
        )
      ).allowed
    ).toBe(true)
  })

  it("skips the IP and key limits when the route has no value for them", async () => {
    const guard = guardWith({
      ip: { attempts: { max: 1, window_s: 60 } },
      publishable_key: { attempts: { max: 1, window_s: 60 } },
    })
    for (let i = 0; i < 3; i++) {
      expect((await guard.check({ session_id: `s${i}` })).allowed).toBe(true)
    }
  })

  it("switches a limit off with null", async () => {
    const guard = guardWith({
      session: { attempts: null, declines: null },
      captcha: { after_declines: 1000 },
    })
    for (let i = 0; i < 30; i++) {
      expect((await guard.check(attempt({ ip: `192.0.2.${i}` }))).allowed).toBe(
        true
      )
      await guard.record({
        ...attempt({ ip: `192.0.2.${i}` }),
        outcome: "declined",
      })
    }
  })
})

describe("store-wide decline-rate breaker", () => {
  const breaker = {
    window_s: 600,
    min_outcomes: 4,
    max_decline_percent: 50,
    open_s: 120,
  }
  const loose = {
    session: { attempts: null, declines: null },
    ip: { attempts: null, declines: null },
    publishable_key: { attempts: null, declines: null },
    captcha: { after_declines: 1000 },
  }

  it("opens when the decline share reaches the threshold over enough outcomes", async () => {
    const guard = guardWith({ ...loose, breaker })
    for (const outcome of [
      "approved",
      "declined",
      "approved",
      "declined",
    ] as const) {
      expect((await guard.check(attempt())).allowed).toBe(true)
      await guard.record({ ...attempt(), outcome })
    }
    const refused = await guard.check(
      attempt({ session_id: "fresh", ip: "192.0.2.1", publishable_key: "pk_x" })
    )
    expect(refused).toMatchObject({ allowed: false, scope: "store" })
    if (refused.allowed) throw new Error("unreachable")
    expect(refused.retry_after_s).toBeGreaterThan(110)
    expect(refused.retry_after_s).toBeLessThanOrEqual(120)
  })

  it("stays closed below the threshold, below the minimum and for errors", async () => {
    const guard = guardWith({ ...loose, breaker })
    for (const outcome of [
      "approved",
      "approved",
      "approved",
      "declined",
      "error",
      "error",
    ] as const) {
      await guard.record({ ...attempt(), outcome })
    }
    expect((await guard.check(attempt())).allowed).toBe(true)

    const small = guardWith({ ...loose, breaker })
    for (const outcome of ["declined", "declined", "declined"] as const) {
      await small.record({ ...attempt(), outcome })
    }
    expect((await small.check(attempt())).allowed).toBe(true)
  })
})

describe("logging of blocked attempts", () => {
  it("logs once per blocked key and window, with masked data only", async () => {
    const lines: string[] = []
    const guard = guardWith(
      { session: { declines: { max: 1, window_s: 60 } } },
      { logger: { warn: (line: string) => lines.push(line) } }
    )
    await guard.check(attempt())
    await guard.record({ ...attempt(), outcome: "declined" })
    for (let i = 0; i < 4; i++) await guard.check(attempt())
    await guard.check(
      attempt({ session_id: "payses_01JZZZZZZZZZZZZZZZZZZZZZZZ" })
    )
    await guard.record({
      ...attempt({ session_id: "payses_01JZZZZZZZZZZZZZZZZZZZZZZZ" }),
      outcome: "declined",
    })
    await guard.check(
      attempt({ session_id: "payses_01JZZZZZZZZZZZZZZZZZZZZZZZ" })
    )

    expect(lines).toHaveLength(2)
    expect(lines[0]).toContain("session blocked")
    expect(lines[0]).toContain("203.0.113.x")
    expect(lines[0]).toContain("payses…XYZ0")
    for (const line of lines) {
      expect(line).not.toContain("203.0.113.7")
      expect(line).not.toContain("payses_01JABCDEFGHJKMNPQRSTVWXYZ0")
      expect(line).not.toContain("pk_0123456789abcdef0123456789abcdef")
    }
  })
})

describe("CAPTCHA hook", () => {
  it("asks the hook from the configured decline count on and refuses when it says no", async () => {
    const seen: unknown[] = []
    const guard = guardWith(
      { captcha: { after_declines: 2 } },
      {
        captcha: {
          verify: async (input: { token?: string; declines: number }) => {
            seen.push(input)
            return input.token === "good"
          },
        },
      }
    )
    await guard.check(attempt())
    await guard.record({ ...attempt(), outcome: "declined" })
    expect((await guard.check(attempt())).allowed).toBe(true)
    expect(seen).toHaveLength(0)
    await guard.record({ ...attempt(), outcome: "declined" })

    expect(await guard.check(attempt())).toEqual({
      allowed: false,
      scope: "captcha",
      reason: "captcha_required",
      retry_after_s: 0,
      message: expect.stringMatching(/verification/),
    })
    expect(
      (await guard.check({ ...attempt(), captcha_token: "good" })).allowed
    ).toBe(true)
    expect(seen[1]).toMatchObject({
      token: "good",
      declines: 2,
      ip: "203.0.113.7",
    })
  })

  it("does nothing by default", async () => {
    const guard = guardWith({ captcha: { after_declines: 1 } })
    await guard.check(attempt())
    await guard.record({ ...attempt(), outcome: "declined" })
    expect((await guard.check(attempt())).allowed).toBe(true)
  })
})

describe("configuration", () => {
  it("lets everything through when disabled", async () => {
    const guard = guardWith({
      enabled: false,
      session: { attempts: { max: 1, window_s: 60 } },
    })
    expect(guard.backend).toBe("off")
    for (let i = 0; i < 3; i++)
      expect((await guard.check(attempt())).allowed).toBe(true)
  })

  it("uses memory unless a Redis URL is known, and demands one for backend redis", () => {
    expect(guardWith({ backend: "auto" }).backend).toBe("memory")
    expect(() => createVelocityGuard({ backend: "redis" })).toThrow(
      "invalid option velocity.backend: redis needs velocity.redis_url or projectConfig.redisUrl"
    )
  })

  it("names a bad option and not its value", () => {
    expect(() =>
      createVelocityGuard({ ip: { attempts: { max: -3, window_s: 60 } } })
    ).toThrow(/^invalid option velocity\.ip\.attempts\.max: /)
    expect(() => createVelocityGuard({ sesion: {} } as never)).toThrow(
      /^invalid option velocity: /
    )
  })
})

describe("limits held while attempts are in flight", () => {
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

  /** Checks `count` attempts at once; each one let through is answered with `outcome` a little later. */
  async function inParallel(
    guard: VelocityGuard,
    keys: (n: number) => ReturnType<typeof attempt>,
    count: number,
    outcome: "declined" | "approved" | "error",
    from = 0
  ) {
    const decisions = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const decision = await guard.check(keys(from + i))
        if (decision.allowed) {
          await new Promise((resolve) => setTimeout(resolve, 20))
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
    const guard = guardWith({
      ...off,
      ip: { attempts: null, declines: { max: 1, window_s: 1 } },
    })
    const keys = cases[1].keys
    expect((await guard.check(keys(0))).allowed).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    // a new window: the attempt still in flight took its place in the old one
    expect((await guard.check(keys(1))).allowed).toBe(true)
    await guard.record({ ...keys(0), outcome: "approved" })
    expect(await guard.check(keys(2))).toMatchObject({ scope: "ip" })
    await guard.record({ ...keys(1), outcome: "approved" })
    expect((await guard.check(keys(2))).allowed).toBe(true)
  })

  it("a place whose outcome never comes (the process died) ends with its window", async () => {
    const guard = guardWith({
      ...off,
      ip: { attempts: null, declines: { max: 1, window_s: 1 } },
    })
    const keys = cases[1].keys
    expect((await guard.check(keys(0))).allowed).toBe(true)
    expect(await guard.check(keys(1))).toMatchObject({ scope: "ip" })
    await new Promise((resolve) => setTimeout(resolve, 1100))
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
