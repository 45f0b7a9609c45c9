/**
 * Locks every Medusa instance of a spec shares: Medusa's Redis locking
 * provider on the tests' Redis (the local stack's medusa-config reads
 * ACQUIRING_TEST_SHARED_LOCKS when the app boots). Call at the top of a
 * spec file, before the suite. Returns whether the locks are shared (a
 * Redis was given); without one Medusa keeps locks in the process.
 *
 * Medusa's locking-redis provider opens a connection each time its module
 * loads and never closes it, so jest would not exit: the connections opened
 * in this file are closed after the runner has shut Medusa down.
 */
export function useSharedLocks(): boolean {
  process.env.ACQUIRING_TEST_SHARED_LOCKS = "1"
  if (!process.env.ACQUIRING_TEST_REDIS_URL) return false
  const connections = new Set<{ quit(): Promise<unknown> }>()
  // the same module the provider's loader requires (jest's registry of this file)
  const Redis = require("ioredis").default
  const connect = Redis.prototype.connect
  Redis.prototype.connect = function (this: any, ...args: unknown[]) {
    connections.add(this)
    return connect.apply(this, args)
  }
  // top level: runs after the runner's own afterAll, which sits in a describe block
  afterAll(async () => {
    Redis.prototype.connect = connect
    await Promise.all(
      [...connections].map((c) => c.quit().catch(() => undefined))
    )
  })
  return true
}
