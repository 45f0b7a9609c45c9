/**
 * The plugin's module as unit tests need it: session states (and, when a
 * keeper is given, saved cards) in memory, registered the way the module
 * registers itself when Medusa builds it, so the code under test has no
 * seam of its own for tests.
 */
import { registerAcquiringModule } from "../module-access"
import type AcquiringModuleService from "../service"

type Keeper = (card: Record<string, unknown>) => Promise<string>

/** The session states' table (payment-sessions' SessionStates). */
interface StateRows {
  read(ids: string[]): Promise<Map<string, unknown>>
  write(id: string, data: Record<string, unknown>): Promise<void>
  take(id: string): Promise<unknown>
}

export function useMemoryModule(states: StateRows, keeper?: Keeper): void {
  const memory = {
    readSessionStates: (ids: string[]) => states.read(ids),
    writeSessionState: (id: string, data: Record<string, unknown>) =>
      states.write(id, data),
    takeSessionState: (id: string) => states.take(id),
    async keepSavedCard(card: Record<string, unknown>) {
      if (!keeper) throw new Error("this test keeps no saved cards")
      const { id: _id, ...asked } = card
      return { id: await keeper(asked) }
    },
  }
  registerAcquiringModule(memory as unknown as AcquiringModuleService)
}

/** Back to no module at all, as before Medusa builds one. */
export function dropMemoryModule(): void {
  delete (globalThis as Record<symbol, unknown>)[
    Symbol.for("medusa-payment-acquiring.journal")
  ]
}
