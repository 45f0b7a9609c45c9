/** Memory-backed guards for the velocity tests, closed after the file, and one shopper's attempt keys. */
import {
  createVelocityGuard,
  type VelocityGuard,
  type VelocityOptionsInput,
} from "../index"

export function memoryGuards() {
  const guards: VelocityGuard[] = []
  afterAll(async () => {
    await Promise.all(guards.map((guard) => guard.close()))
  })
  return function guardWith(options: VelocityOptionsInput = {}, deps = {}) {
    const guard = createVelocityGuard({ backend: "memory", ...options }, deps)
    guards.push(guard)
    return guard
  }
}

export const attempt = (
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
