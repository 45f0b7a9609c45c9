/**
 * `npm run bench` (`-- --json` also writes bench/results.json, `--json=<file>`
 * another file; `-- peak` runs the peak scenario alone (peak-scenarios.ts);
 * `-- --quick` runs a scaled-down pass to check the bench
 * itself, as integration-tests/bench/quick-pass.spec.ts does in `npm test`). Every figure is
 * measured next to a baseline in the same run, in interleaved rounds, so the
 * ratios hold on a busy machine. Bounded in count; loopback only; the
 * servers run as child processes that end with the bench.
 */
import { writeFileSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { batchRow } from "./batch-scenarios"
import { bundleSizeRows } from "./bundle-size"
import { clientRows, parseRow } from "./client-scenarios"
import { table, type Row } from "./measure"
import { startChild } from "./processes"
import { checkoutRow } from "./checkout-scenarios"
import { statementRow } from "./statement-scenarios"
import { overviewRows } from "./overview-scenarios"
import { peakRows, redisAnswers } from "./peak-scenarios"
import { peakSettings } from "./peak-settings"
import { velocityRow } from "./velocity-scenarios"
import { providerPortRows, reconcileRow } from "./provider-scenarios"
import { sandboxRows } from "./sandbox-scenarios"

function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")
}

/** Every scenario but the peak one, in the order they least disturb each other. */
async function everyScenario(quick: boolean): Promise<Row[]> {
  const rows: Row[] = []
  rows.push(await parseRow(quick ? 3 : 9))
  rows.push(...(await bundleSizeRows(path.join(__dirname, ".."))))

  const sandbox = await startChild("sandbox")
  try {
    rows.push(
      // a server calls the client for hours: rounds long enough for the JIT to settle
      ...(await clientRows(sandbox.url, {
        rounds: quick ? 3 : 11,
        perRound: quick ? 10 : 200,
      }))
    )
    for (const kind of ["capture", "refund"] as const)
      rows.push(
        await batchRow(sandbox.url, kind, {
          rounds: quick ? 1 : 7,
          callers: 1000,
        })
      )
    for (const kind of ["capture", "refund"] as const) {
      const port = await providerPortRows(sandbox.url, kind, {
        rounds: quick ? 1 : 7,
        callers: 1000,
      })
      rows.push(port.requests, port.wall)
    }
    rows.push(await reconcileRow(sandbox.url, 200))
  } finally {
    await sandbox.stop()
  }
  // before the checkout: its Medusa app and database still wind down after it
  rows.push(
    ...(await sandboxRows({
      rounds: quick ? 3 : 7,
      perRound: quick ? 500 : 2000,
      authorisations: quick ? 10_000 : 100_000,
    }))
  )
  // one checkout is ~1 s of which the shared cart steps swing ±50 ms: enough rounds for a steady median
  rows.push(await checkoutRow(quick ? 2 : 15))
  // a count: a few rounds show it, the first warms up
  rows.push(await statementRow(quick ? 1 : 5))
  rows.push(...(await overviewRows(quick ? 20_000 : 1_000_000, quick ? 2 : 9)))
  return rows
}

async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2))
  const quick = args.has("--quick")
  const started = Date.now()
  const loadAtStart = loadAverage()
  const rows: Row[] = []

  const redisUrl =
    process.env.ACQUIRING_BENCH_REDIS_URL ??
    process.env.ACQUIRING_TEST_REDIS_URL ??
    "redis://127.0.0.1:6379"
  if (args.has("peak")) {
    rows.push(
      ...(await peakRows({
        redisUrl,
        ...(quick
          ? {
              ...peakSettings({
                ACQUIRING_BENCH_LATENCY_MS:
                  process.env.ACQUIRING_BENCH_LATENCY_MS,
                ACQUIRING_BENCH_NOTIFICATIONS:
                  process.env.ACQUIRING_BENCH_NOTIFICATIONS,
              }),
              // a fifth of a card wave pays on the hosted page: five shoppers have one
              steps: [2, 5],
            }
          : peakSettings(process.env)),
        chart: quick
          ? undefined
          : path.join(__dirname, "..", "docs", "images", "peak-ramp.svg"),
      }))
    )
    // after the ramp, on its Redis alone: what the guard adds to each card attempt
    if (await redisAnswers(redisUrl))
      rows.push(
        await velocityRow(redisUrl, {
          rounds: quick ? 2 : 15,
          attempts: quick ? 10 : 100,
        })
      )
  } else rows.push(...(await everyScenario(quick)))

  const seconds = (Date.now() - started) / 1000
  const loadAtEnd = loadAverage()
  console.log(table(rows))
  console.log(
    `\n${os.cpus().length} CPUs, Node ${process.version}, ${seconds.toFixed(0)} s; load average (1, 5, 15 min) ${loadAtStart} at the start, ${loadAtEnd} at the end; medians (min–max) of interleaved rounds; ratio = median / baseline median.`
  )
  // --json writes bench/results.json, --json=<file> that file
  const json = [...args].find((a) => a === "--json" || a.startsWith("--json="))
  if (json) {
    const file =
      json === "--json"
        ? path.join(__dirname, "results.json")
        : path.resolve(json.slice("--json=".length))
    writeFileSync(
      file,
      JSON.stringify(
        {
          at: new Date().toISOString(),
          node: process.version,
          cpus: os.cpus().length,
          seconds,
          load_average: { start: loadAtStart, end: loadAtEnd },
          quick,
          rows,
        },
        null,
        2
      )
    )
    console.log(`figures written to ${path.relative(process.cwd(), file)}`)
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
