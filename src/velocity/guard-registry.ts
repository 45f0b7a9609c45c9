/**
 * One velocity guard per Medusa app, so every route of an instance shares
 * its counters (and its single Redis connection). Routes call
 * `resolveVelocityGuard(req.scope, options)`.
 */
import type { CaptchaCheck } from "./captcha"
import {
  createVelocityGuard,
  VelocityGuard,
  VelocityLogger,
} from "./velocity-guard"
import type { VelocityOptionsInput } from "./options"

type Scope = { resolve<T = unknown>(key: string): T }
type ConfigModule = { projectConfig?: { redisUrl?: string } }

const guards = new WeakMap<object, VelocityGuard>()
const open = new Set<VelocityGuard>()

export function resolveVelocityGuard(
  scope: Scope,
  options: VelocityOptionsInput | undefined,
  extra: { captcha?: CaptchaCheck } = {}
): VelocityGuard {
  const config = scope.resolve<ConfigModule>("configModule")
  const existing = guards.get(config)
  if (existing) return existing
  const guard = createVelocityGuard(options, {
    logger: scope.resolve<VelocityLogger>("logger"),
    captcha: extra.captcha,
    project_redis_url: config.projectConfig?.redisUrl,
  })
  guards.set(config, guard)
  open.add(guard)
  return guard
}

/** Closes every guard's Redis connection: on shutdown, so nothing keeps the process alive. */
export async function closeVelocityGuards(): Promise<void> {
  const closing = [...open]
  open.clear()
  await Promise.all(closing.map((guard) => guard.close()))
}
