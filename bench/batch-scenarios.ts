/**
 * 1,000 concurrent captures (or refunds), one entry per caller, through the
 * coalescing client, next to the same entries sent by hand as batches of 50
 * (one client call, which sends one request per 50 entries). Requests are
 * counted from the sandbox's request log.
 */
import {
  createAcquiringClient,
  createCoalescingClient,
  type AcquiringClient,
} from "../src/gateway"
import { DEFAULT_SANDBOX_ACCOUNT } from "../src/sandbox"
import { interleave, stats, timeMs, type Row } from "./measure"
import {
  accountFor,
  authorized,
  control,
  requestCount,
  type Entry,
} from "./wire"

type Kind = "capture" | "refund"

async function prepared(
  base: string,
  client: AcquiringClient,
  kind: Kind,
  count: number
): Promise<Entry[]> {
  const entries = await authorized(base, count)
  if (kind === "capture") return entries
  await client.capture(entries)
  return entries.map((e) => ({
    ...e,
    refund_amount: "5.00",
    refund_reason: "bench",
  }))
}

export async function batchRow(
  base: string,
  kind: Kind,
  scale: { rounds: number; callers: number }
): Promise<Row> {
  const client = createAcquiringClient({
    base_url: base,
    ...DEFAULT_SANDBOX_ACCOUNT,
    timeout_ms: 60_000,
  })
  const { rounds, callers } = scale
  const requests: number[] = []
  const baselineRequests: number[] = []
  const counted = async (
    into: number[],
    run: () => Promise<unknown>
  ): Promise<number> => {
    const before = await requestCount(base, kind)
    const ms = await timeMs(run)
    into.push((await requestCount(base, kind)) - before)
    return ms
  }
  // the request log is bounded: start each round from an empty sandbox
  const fresh = async () => {
    await control(base, "POST", "/reset")
    return prepared(base, client, kind, callers)
  }

  const measured = await interleave(
    rounds,
    async () => {
      const entries = await fresh()
      const coalescing = createCoalescingClient(client)
      const ms = await counted(requests, () =>
        Promise.all(entries.map((entry) => coalescing[kind](entry as never)))
      )
      await accountFor(base, kind, entries)
      return ms
    },
    async () => {
      const entries = await fresh()
      const ms = await counted(baselineRequests, () =>
        client[kind](entries as never)
      )
      await accountFor(base, kind, entries)
      return ms
    }
  )
  // the warm-up pair is not a round
  requests.shift()
  baselineRequests.shift()
  const sent = stats(requests)
  return {
    scenario: `${callers.toLocaleString("en")} concurrent ${kind}s, coalescing client alone`,
    unit: "ms wall",
    target: measured.target,
    baseline_name: "same entries as hand-made batches of 50",
    baseline: measured.baseline,
    ratio: measured.target.median / measured.baseline.median,
    goal: "—",
    note: `requests ${sent.median} (${sent.min}–${sent.max}); batches of 50: ${stats(baselineRequests).median}`,
  }
}
