/**
 * Child process of the bench's statements scenario: the local stack on its
 * own embedded PostgreSQL with pg_stat_statements loaded, then one checkout
 * at a time, the card provider and Medusa's system provider in turn, each
 * call's statements counted (reset before it, summed after it). Sends the
 * counts over IPC and stops the stack.
 */
import "../dev/local-stack/quiet-logs"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { startLocalStack } from "../dev/local-stack"
import {
  CARD_PROVIDER,
  checkoutStore,
  storefrontCheckout,
  SYSTEM_PROVIDER,
} from "./storefront-checkout"

type Pg = { raw(sql: string): Promise<{ rows: { n: string }[] }> }

/** Statements of every connection since the last reset, the counters' own left out. */
const COUNT = `select coalesce(sum(calls), 0)::bigint as n from pg_stat_statements where query not like '%pg_stat_statements%'`

async function main(rounds: number): Promise<void> {
  const stack = await startLocalStack()
  try {
    const { seeded, store } = await checkoutStore(stack)
    const pg = stack.app.container.resolve(
      ContainerRegistrationKeys.PG_CONNECTION
    ) as Pg
    await pg.raw("create extension if not exists pg_stat_statements")
    /** statements of each call, per provider and call; the first round warms up */
    const counted: Record<string, Record<string, number[]>> = {}
    for (let round = 0; round <= rounds; round++)
      for (const provider of [CARD_PROVIDER, SYSTEM_PROVIDER])
        await storefrontCheckout(store, seeded, provider, async (name, run) => {
          await pg.raw("select pg_stat_statements_reset()")
          const answer = await run()
          const n = Number((await pg.raw(COUNT)).rows[0].n)
          if (round > 0) ((counted[provider] ??= {})[name] ??= []).push(n)
          return answer
        })
    process.send!({ counted })
  } finally {
    await stack.stop()
  }
}

main(Number(process.argv[2] ?? 5)).then(
  () => process.exit(0),
  (error: Error) => {
    process.send!({ error: error.message })
    process.exit(1)
  }
)
