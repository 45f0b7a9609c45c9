/**
 * Child process of the bench's checkout scenario: the local stack (embedded
 * PostgreSQL, sandbox, one Medusa app with the built plugin), then whole
 * checkouts through the store HTTP API, with the card provider and with
 * Medusa's system provider in interleaved rounds on the same app. Sends the
 * per-checkout times over IPC and stops the stack.
 */
import "../dev/local-stack/quiet-logs"
import { startLocalStack } from "../dev/local-stack"
import { interleave, stats, timeMs } from "./measure"
import {
  CARD_PROVIDER,
  checkoutStore,
  storefrontCheckout,
  SYSTEM_PROVIDER,
} from "./storefront-checkout"

async function main(rounds: number): Promise<void> {
  const stack = await startLocalStack()
  try {
    const { seeded, store } = await checkoutStore(stack)
    /** Milliseconds of each step, per provider: where the difference lies. */
    const steps: Record<string, Record<string, number[]>> = {}
    const step = async <T>(
      provider: string,
      name: string,
      run: () => Promise<T>
    ): Promise<T> => {
      const started = process.hrtime.bigint()
      const result = await run()
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      ;((steps[provider] ??= {})[name] ??= []).push(ms)
      return result
    }
    /** Cart, shipping, payment session, (card), completion: what a storefront sends. */
    const checkout = (provider: string) => async () =>
      timeMs(async () => {
        await storefrontCheckout(store, seeded, provider, (name, run) =>
          step(provider, name, run)
        )
      })
    const measured = await interleave(
      rounds,
      checkout(CARD_PROVIDER),
      checkout(SYSTEM_PROVIDER)
    )
    const medians = Object.fromEntries(
      Object.entries(steps).map(([provider, named]) => [
        provider,
        Object.fromEntries(
          Object.entries(named).map(([name, ms]) => [name, stats(ms).median])
        ),
      ])
    )
    process.send!({ measured, steps: medians })
  } finally {
    await stack.stop()
  }
}

main(Number(process.argv[2] ?? 7)).then(
  () => process.exit(0),
  (error: Error) => {
    process.send!({ error: error.message })
    process.exit(1)
  }
)
