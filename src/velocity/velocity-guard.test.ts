import { createVelocityGuard } from "./index"
import { attempt, memoryGuards } from "./__fixtures__/guards"

const guardWith = memoryGuards()

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
