/**
 * The sandbox as a server: authorise/s at 10 keep-alive connections next to a
 * trivial Node server answering a fixed XML body, each in its own child
 * process; then its memory after 100,000 authorisations.
 */
import { interleave, timeMs, type Row } from "./measure"
import { startChild } from "./processes"
import { poster, signedAuthorize } from "./wire"

const CONNECTIONS = 10
const SETTLE_MS = 10_000

export async function sandboxRows(scale: {
  rounds: number
  perRound: number
  authorisations: number
}): Promise<Row[]> {
  const sandbox = await startChild("sandbox")
  const trivial = await startChild("trivial")
  const toSandbox = poster(sandbox.url, CONNECTIONS)
  const toTrivial = poster(trivial.url, CONNECTIONS)
  let sent = 0
  try {
    const atStart = await sandbox.memory()
    const perSecond = (count: number, ms: number) => (count * 1000) / ms
    const measured = await interleave(
      scale.rounds,
      async () => {
        const bodies = Array.from({ length: scale.perRound }, () =>
          signedAuthorize()
        )
        sent += bodies.length
        return perSecond(
          bodies.length,
          await timeMs(() => toSandbox.all("/v1/authorise", bodies))
        )
      },
      async () => {
        const bodies = Array.from({ length: scale.perRound }, () =>
          signedAuthorize()
        )
        return perSecond(
          bodies.length,
          await timeMs(() => toTrivial.all("/v1/authorise", bodies))
        )
      }
    )
    await trivial.stop()

    // the rest of the authorisations, in slices so the bodies stay small
    while (sent < scale.authorisations) {
      const count = Math.min(5000, scale.authorisations - sent)
      await toSandbox.all(
        "/v1/authorise",
        Array.from({ length: count }, () => signedAuthorize())
      )
      sent += count
    }
    const loaded = await sandbox.memory()
    // V8 hands free heap pages back a few seconds after the load stops
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
    const memory = await sandbox.memory()
    const mb = (bytes: number) => bytes / 1024 / 1024
    return [
      {
        scenario: `sandbox authorise/s / trivial server (${CONNECTIONS} connections)`,
        unit: "requests/s",
        target: measured.target,
        baseline_name: "trivial Node server, fixed XML",
        baseline: measured.baseline,
        ratio: measured.target.median / measured.baseline.median,
        goal: "≥ 0.5×",
        limit: { at_least: 0.5 },
      },
      {
        scenario: `sandbox RSS after ${sent.toLocaleString("en")} authorisations`,
        unit: "MB",
        target: {
          median: mb(memory.rss),
          min: mb(memory.rss),
          max: mb(memory.rss),
          samples: [mb(memory.rss)],
        },
        figure: mb(memory.rss),
        goal: "≤ 150 MB",
        limit: { at_most: 150 },
        note: `RSS right after the load ${mb(loaded.rss).toFixed(0)} MB (heap ${mb(loaded.heapUsed).toFixed(0)} of ${mb(loaded.heapTotal).toFixed(0)} MB), at start ${mb(atStart.rss).toFixed(0)} MB; settled heap ${mb(memory.heapUsed).toFixed(0)} of ${mb(memory.heapTotal).toFixed(0)} MB; measured ${SETTLE_MS / 1000} s idle after a full GC; default retention; child process`,
      },
    ]
  } finally {
    toSandbox.close()
    toTrivial.close()
    await trivial.stop()
    await sandbox.stop()
  }
}
