/**
 * With Redis unreachable the guard still answers, from this process's
 * memory, and says so once in the log. Port 1 on loopback refuses at once.
 */
import { createVelocityGuard } from "./index"

it("falls back to memory counters and logs the outage once", async () => {
  const lines: string[] = []
  const guard = createVelocityGuard(
    {
      backend: "redis",
      redis_url: "redis://127.0.0.1:1",
      session: { attempts: { max: 2, window_s: 60 } },
    },
    { logger: { warn: (line) => lines.push(line) } }
  )
  try {
    expect(guard.backend).toBe("redis")
    expect((await guard.check({ session_id: "s" })).allowed).toBe(true)
    expect((await guard.check({ session_id: "s" })).allowed).toBe(true)
    expect(await guard.check({ session_id: "s" })).toMatchObject({
      allowed: false,
      scope: "session",
    })
    const outages = lines.filter((line) => line.includes("Redis unavailable"))
    expect(outages).toHaveLength(1)
    expect(outages[0]).not.toContain("127.0.0.1")
  } finally {
    await guard.close()
  }
})
