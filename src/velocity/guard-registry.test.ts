import { clientIpOf, resolveVelocityGuard } from "./index"

function scope(projectConfig: { redisUrl?: string }) {
  const config = { projectConfig }
  const logger = { warn: jest.fn() }
  return {
    resolve: <T>(key: string) => ({ configModule: config, logger })[key] as T,
  }
}

it("gives one guard per Medusa app and a new one for another app", async () => {
  const app = scope({})
  const first = resolveVelocityGuard(app, { backend: "memory" })
  expect(resolveVelocityGuard(app, { backend: "memory" })).toBe(first)
  const other = resolveVelocityGuard(scope({}), { backend: "memory" })
  expect(other).not.toBe(first)
  await Promise.all([first.close(), other.close()])
})

it("takes Medusa's projectConfig.redisUrl when the options name no Redis", async () => {
  const guard = resolveVelocityGuard(
    scope({ redisUrl: "redis://127.0.0.1:1" }),
    {}
  )
  expect(guard.backend).toBe("redis")
  await guard.close()
  const memory = resolveVelocityGuard(scope({}), {})
  expect(memory.backend).toBe("memory")
  await memory.close()
})

it("counts the address Express computed, never a header", () => {
  const req = {
    ip: "203.0.113.7",
    headers: { "x-forwarded-for": "198.51.100.1" },
    socket: { remoteAddress: "10.0.0.1" },
  }
  expect(clientIpOf(req)).toBe("203.0.113.7")
  expect(clientIpOf({ socket: { remoteAddress: "10.0.0.1" } })).toBe("10.0.0.1")
  expect(clientIpOf({})).toBeUndefined()
})
