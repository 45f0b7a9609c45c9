/*
 * `npm run bench -- peak --quick` as part of `npm test` where a Redis is
 * named: the production shape (two servers and a worker on Redis) comes up,
 * a few shoppers pay by card and on the hosted page, and every checkout is
 * accounted for; the velocity guard's row is measured. Its timings are the
 * bench's, not asserted here.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { budget } from "../setup/time-budget"
import { runStep } from "../helpers/command-step"
import type { Row } from "../../bench/measure"

/** About 60 s alone on the developers' 2-core machine: three Medusa boots. */
const PEAK_QUICK_MS = 240_000

jest.setTimeout(budget(PEAK_QUICK_MS) + budget(30_000))

const ROOT = resolve(__dirname, "..", "..")

it("runs the peak scenario's quick pass to its end: every checkout accounted for, the hosted payments ordered by their notification", async () => {
  const dir = mkdtempSync(join(tmpdir(), "acquiring-peak-"))
  try {
    const file = join(dir, "results.json")
    await runStep(
      "npm run bench -- peak --quick",
      PEAK_QUICK_MS,
      "npm",
      ["run", "bench", "--", "peak", "--quick", `--json=${file}`],
      ROOT,
      {
        ...process.env,
        ACQUIRING_BENCH_REDIS_URL: process.env.ACQUIRING_TEST_REDIS_URL,
      }
    )
    const { rows } = JSON.parse(readFileSync(file, "utf8")) as { rows: Row[] }
    expect(rows.map((r) => r.scenario)).toEqual([
      "peak: 2 shoppers at once, checkout p99 (2 servers, 1 worker)",
      "peak: 5 shoppers at once, checkout p99 (2 servers, 1 worker)",
      "peak: checkouts unaccounted for (errors, approvals without an order, orders amiss)",
      "peak: hosted payments, the acquirer's notification to the order, p99",
      "velocity guard on Redis, 10 card attempts at once: check and record / one rate-limit consume each",
    ])
    expect(rows.filter((r) => r.pending !== undefined)).toEqual([])
    const [, five, unaccounted, hosted, velocity] = rows
    // 2 + 5 shoppers a provider, and the warm-up's two a provider
    expect({ figure: unaccounted.figure, note: unaccounted.note }).toEqual({
      figure: 0,
      note: expect.stringMatching(
        /^14 checkouts completed, 18 orders in the store \(4 of them the warm-up's\)/
      ),
    })
    // the step of five shoppers had one on the hosted page, ordered by its notification
    expect(five.note).toMatch(/\(1 of them on the hosted page/)
    // what each checkout cost the machine, and each Medusa process apart
    expect(five.note).toMatch(
      /the machine's CPU per checkout \d+ ms card, \d+ ms system \(\d+\.\d\d×\), of it \(card \/ system, ms\): server 1 with the shoppers \d+ \/ \d+, server 2 \d+ \/ \d+, worker \d+ \/ \d+, the sandbox \(the acquirer\) \d+ \/ \d+, PostgreSQL, Redis and the rest -?\d+ \/ -?\d+;/
    )
    expect(hosted.note).toMatch(
      /^1 hosted payments ordered by their notification/
    )
    // by the worker, through the plugin's queue: the hosted one's and the card payments'
    // (a card payment's may still be sent back while its cart completes: counted apart)
    const [, handled, stillQueued] =
      /(\d+) notifications handled on the worker through the plugin's queue, 0 failed, 0 tried again, (\d+) still queued at the end;/.exec(
        hosted.note ?? ""
      ) ?? []
    expect(Number(handled)).toBeGreaterThanOrEqual(1)
    expect(Number(stillQueued)).toBeGreaterThanOrEqual(0)
    expect(Number.isFinite(hosted.figure)).toBe(true)
    // two rounds and the warm-up pair, every wave's attempts let through
    expect([
      velocity.target?.samples.length,
      velocity.baseline?.samples.length,
    ]).toEqual([2, 2])
    expect(velocity.note).toMatch(
      /Redis commands per attempt: \d+\.\d guard, \d+\.\d plain limit$/
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
