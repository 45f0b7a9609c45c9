/**
 * PostgreSQL statements per checkout, card provider against Medusa's system
 * provider, one checkout at a time (statements-process.ts): a count, not a
 * time, so it holds on a busy machine and shows each call's share. Its own
 * embedded PostgreSQL, whatever ACQUIRING_TEST_DATABASE_URL names, as
 * pg_stat_statements must be loaded when the server starts.
 */
import { existsSync } from "node:fs"
import path from "node:path"
import { stats, type Row } from "./measure"
import { runMeasuringProcess } from "./measuring-process"
import { BUILT_ENTRY } from "../dev/local-stack/fresh-build"
import { DATABASE_URL_VARIABLE } from "../dev/local-stack/database"
import { CARD_PROVIDER, SYSTEM_PROVIDER } from "./storefront-checkout"

const SCENARIO =
  "PostgreSQL statements per checkout: card provider / system provider"
const GOAL = "diagnostic: where a checkout's statements go"

export async function statementRow(rounds: number): Promise<Row> {
  const pending = (reason: string): Row => ({
    scenario: SCENARIO,
    unit: "",
    goal: GOAL,
    pending: reason,
  })
  if (!existsSync(path.join(__dirname, "..", BUILT_ENTRY)))
    return pending("no build: run `npm run build` first")
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ACQUIRING_PG_STATEMENT_STATS: "1",
  }
  delete env[DATABASE_URL_VARIABLE]
  const { answer, output } = await runMeasuringProcess<{
    counted?: Record<string, Record<string, number[]>>
  }>("statements-process.ts", [String(rounds)], env)
  const card = answer.counted?.[CARD_PROVIDER]
  const system = answer.counted?.[SYSTEM_PROVIDER]
  if (!card || !system) {
    process.stderr.write(output)
    return pending(answer.error ?? "no counts")
  }
  const target = stats(perCheckout(card))
  const baseline = stats(perCheckout(system))
  return {
    scenario: SCENARIO,
    unit: "statements per checkout",
    target,
    baseline_name: "same checkout, pp_system_default",
    baseline,
    ratio: target.median / baseline.median,
    goal: GOAL,
    note: `median statements per call: card ${medians(card)}; system ${medians(system)}`,
  }
}

/** Each round's calls added up. */
function perCheckout(calls: Record<string, number[]>): number[] {
  const lists = Object.values(calls)
  return lists[0].map((_, round) =>
    lists.reduce((sum, list) => sum + list[round], 0)
  )
}

function medians(calls: Record<string, number[]>): string {
  return Object.entries(calls)
    .map(([name, counts]) => `${name} ${stats(counts).median}`)
    .join(", ")
}
