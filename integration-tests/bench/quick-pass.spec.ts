/*
 * `npm run bench -- --quick` as part of `npm test`: every scenario of the
 * benchmark, scaled down, runs to its end, so a change that breaks one fails
 * here instead of on the day someone measures. Only that each ran and
 * accounted for its requests is asserted (the bench itself throws when a
 * round's payments are not captured or refunded exactly once, a checkout is
 * not completed or the reconcile misses a session); its figures are not,
 * timing belongs to the bench.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { budget } from "../setup/time-budget"
import { runStep } from "../helpers/command-step"
import type { Row, Stats } from "../../bench/measure"

/** About 55 s alone on the developers' 2-core machine. */
const QUICK_PASS_MS = 180_000

jest.setTimeout(budget(QUICK_PASS_MS) + budget(30_000))

const ROOT = resolve(__dirname, "..", "..")

/** Every row the bench reports, by scenario: one missing means a scenario stopped being run. */
const SCENARIOS = [
  "storefront kit core, minified + gzipped",
  "storefront kit React entry, minified + gzipped",
  "authorise via client / raw fetch",
  "capture via client / raw fetch",
  "1,000 concurrent captures: gateway requests",
  "1,000 concurrent captures: wall time / hand-made batches",
  "1,000 concurrent refunds: gateway requests",
  "1,000 concurrent refunds: wall time / hand-made batches",
  "reconcile 200 sessions: gateway requests",
  "sandbox authorise/s / trivial server (10 connections)",
  "sandbox RSS after 10,000 authorisations",
  "checkout with card provider / system provider",
  "PostgreSQL statements per checkout: card provider / system provider",
  "payments overview, last 30 days of a year: all accounts / one",
  "payments overview plans: sequential scans of the attempts and the journal",
  "parse a respon document",
  "1,000 concurrent captures, coalescing client alone",
  "1,000 concurrent refunds, coalescing client alone",
]

const measured = (s: Stats | undefined) =>
  !!s &&
  s.samples.length > 0 &&
  [s.median, s.min, s.max, ...s.samples].every(Number.isFinite)

it("runs every scenario of `npm run bench -- --quick` to its end, each measured", async () => {
  const dir = mkdtempSync(join(tmpdir(), "acquiring-bench-"))
  try {
    const file = join(dir, "results.json")
    // a bench that stops fails here with everything it printed
    await runStep(
      "npm run bench -- --quick",
      QUICK_PASS_MS,
      "npm",
      ["run", "bench", "--", "--quick", `--json=${file}`],
      ROOT
    )
    const results = JSON.parse(readFileSync(file, "utf8")) as {
      quick: boolean
      rows: Row[]
    }
    expect(results.quick).toBe(true)
    expect(results.rows.map((r) => r.scenario).sort()).toEqual(
      [...SCENARIOS].sort()
    )
    const unmeasured = results.rows.filter(
      (r) =>
        r.pending !== undefined ||
        !measured(r.target) ||
        (r.baseline_name !== undefined && !measured(r.baseline))
    )
    expect(unmeasured.map((r) => r.scenario)).toEqual([])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
