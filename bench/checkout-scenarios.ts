/**
 * Whole checkouts through the store HTTP API: the card provider next to
 * Medusa's system provider (pp_system_default) on the same Medusa app, in
 * interleaved rounds. The app runs in a child process (checkout-process.ts)
 * so its memory and logs stay out of the other figures; it loads the plugin
 * from the build, so `npm run build` must have run.
 */
import { existsSync } from "node:fs"
import path from "node:path"
import type { Row, Stats } from "./measure"
import { runMeasuringProcess } from "./measuring-process"
import { BUILT_ENTRY } from "../dev/local-stack/fresh-build"

const SCENARIO = "checkout with card provider / system provider"
const GOAL = "≤ 1.04×"

export async function checkoutRow(rounds: number): Promise<Row> {
  const built = path.join(__dirname, "..", BUILT_ENTRY)
  if (!existsSync(built))
    return {
      scenario: SCENARIO,
      unit: "",
      goal: GOAL,
      limit: { at_most: 1.04 },
      pending: "no build: run `npm run build` first",
    }
  const { answer, output } = await runMeasuringProcess<{
    measured?: { target: Stats; baseline: Stats }
    /** median ms of each step, per provider */
    steps?: Record<string, Record<string, number>>
  }>("checkout-process.ts", [String(rounds)])
  if (!answer.measured) process.stderr.write(output)
  if (!answer.measured)
    return {
      scenario: SCENARIO,
      unit: "",
      goal: GOAL,
      limit: { at_most: 1.04 },
      pending: answer.error ?? "no figures",
    }
  const { target, baseline } = answer.measured
  return {
    scenario: SCENARIO,
    unit: "ms per checkout",
    target,
    baseline_name: "same checkout, pp_system_default",
    baseline,
    ratio: target.median / baseline.median,
    goal: GOAL,
    limit: { at_most: 1.04 },
    note: `${target.median >= baseline.median ? "+" : "−"}${Math.abs(target.median - baseline.median).toFixed(0)} ms; median ms per step: ${Object.entries(
      answer.steps ?? {}
    )
      .map(
        ([provider, named]) =>
          `${provider} ${Object.entries(named)
            .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
            .join(", ")}`
      )
      .join("; ")}`,
  }
}
