/**
 * The payments overview's statements over a store of a year of attempts
 * (1,000,000 in the full run), in a child process (overview-process.ts) on
 * the local stack with the built plugin: the page for every account next to
 * the page for one account holding a tenth of them, and the statements'
 * plans, which must not scan the attempts or the journal.
 */
import { existsSync } from "node:fs"
import path from "node:path"
import { ratioRow, stats, type Row, type Stats } from "./measure"
import { runMeasuringProcess } from "./measuring-process"
import { BUILT_ENTRY } from "../dev/local-stack/fresh-build"

const PAGE = "payments overview, last 30 days of a year: all accounts / one"
const PLANS =
  "payments overview plans: sequential scans of the attempts and the journal"
const PAGE_GOAL = "< 500 ms"
const PLANS_GOAL = "0"

export async function overviewRows(
  attempts: number,
  rounds: number
): Promise<Row[]> {
  const pending = (reason: string): Row[] => [
    {
      scenario: PAGE,
      unit: "ms",
      goal: PAGE_GOAL,
      limit: { at_most: 500 },
      pending: reason,
    },
    {
      scenario: PLANS,
      unit: "scans",
      goal: PLANS_GOAL,
      limit: { at_most: 0 },
      pending: reason,
    },
  ]
  if (!existsSync(path.join(__dirname, "..", BUILT_ENTRY)))
    return pending("no build: run `npm run build` first")
  const { answer, output } = await runMeasuringProcess<{
    measured?: { target: Stats; baseline: Stats }
    scans?: string[]
  }>("overview-process.ts", [String(attempts), String(rounds)])
  if (!answer.measured || !answer.scans) {
    process.stderr.write(output)
    return pending(answer.error ?? "no figures")
  }
  const rows = attempts.toLocaleString("en")
  return [
    {
      ...ratioRow(
        PAGE,
        "ms",
        answer.measured,
        "one account (a tenth of the rows)",
        PAGE_GOAL,
        { at_most: 500 },
        `${rows} attempts and their journal entries over a year; every statement of one answer`
      ),
      figure: answer.measured.target.median,
    },
    {
      scenario: PLANS,
      unit: "scans",
      goal: PLANS_GOAL,
      figure: answer.scans.length,
      target: stats([answer.scans.length]),
      limit: { at_most: 0 },
      note: answer.scans.length
        ? `sequential scans of ${[...new Set(answer.scans)].join(", ")} (${rows} attempts)`
        : `every statement reads through an index (${rows} attempts)`,
    },
  ]
}
