/**
 * The client's own cost: authorise and capture through the client next to a
 * raw fetch of the same prebuilt signed body to the same sandbox. The
 * difference is what the client adds (validation, signing, parsing,
 * verification); the sandbox's work is in both.
 */
import {
  buildResponXml,
  createAcquiringClient,
  parseResponXml,
} from "../src/gateway"
import { DEFAULT_SANDBOX_ACCOUNT } from "../src/sandbox"
import { XMLParser } from "fast-xml-parser"
import { interleave, ratioRow, stats, timeMs, type Row } from "./measure"
import {
  authorized,
  orderInput,
  signedAuthorize,
  signedBatch,
  type Entry,
} from "./wire"

const JSON_HEADERS = { "content-type": "application/json" }

async function rawPost(url: string, body: string): Promise<void> {
  const response = await fetch(url, {
    method: "POST",
    headers: JSON_HEADERS,
    body,
  })
  await response.text()
}

export async function clientRows(
  base: string,
  scale: { rounds: number; perRound: number }
): Promise<Row[]> {
  const client = createAcquiringClient({
    base_url: base,
    ...DEFAULT_SANDBOX_ACCOUNT,
  })
  const { rounds, perRound } = scale
  const perOp = (ms: number) => (ms * 1000) / perRound
  /**
   * This process's CPU per operation beside the wall time: the sandbox runs
   * in its own process, so this is the client's (or fetch's) own work, which
   * a loaded machine stretches far less than the round trip.
   */
  const cpu: Record<string, number[]> = {}
  const timed = async (label: string, run: () => Promise<unknown>) => {
    const before = process.cpuUsage()
    const ms = await timeMs(run)
    const used = process.cpuUsage(before)
    ;(cpu[label] ??= []).push((used.user + used.system) / perRound)
    return perOp(ms)
  }
  const cpuNote = (target: string, baseline: string) =>
    `CPU of this process per op: ${stats(cpu[target]).median.toFixed(0)} µs through the client, ${stats(cpu[baseline]).median.toFixed(0)} µs raw fetch (medians)`

  const authorize = await interleave(
    rounds,
    async () => {
      const orders = Array.from({ length: perRound }, () => orderInput())
      return timed("authorise", async () => {
        for (const order of orders) await client.authorize(order as never)
      })
    },
    async () => {
      const bodies = Array.from({ length: perRound }, () => signedAuthorize())
      return timed("authorise raw", async () => {
        for (const body of bodies) await rawPost(`${base}/v1/authorise`, body)
      })
    }
  )

  const capture = await interleave(
    rounds,
    async () => {
      const entries = await authorized(base, perRound)
      return timed("capture", async () => {
        for (const entry of entries) await client.capture([entry])
      })
    },
    async () => {
      const entries = await authorized(base, perRound)
      const bodies = entries.map((e: Entry) => signedBatch("capture", [e]))
      return timed("capture raw", async () => {
        for (const body of bodies) await rawPost(`${base}/v1/capture`, body)
      })
    }
  )

  return [
    ratioRow(
      "authorise via client / raw fetch",
      "µs/op",
      authorize,
      "raw fetch, same signed body",
      "≤ 1.15×",
      { at_most: 1.15 },
      cpuNote("authorise", "authorise raw")
    ),
    ratioRow(
      "capture via client / raw fetch",
      "µs/op",
      capture,
      "raw fetch, same signed body",
      "≤ 1.05×",
      { at_most: 1.05 },
      cpuNote("capture", "capture raw")
    ),
  ]
}

/** parseResponXml (validation, one parse, XML entities) next to a bare parse. */
export async function parseRow(rounds: number): Promise<Row> {
  const xml = buildResponXml({
    merchant_id: "10001",
    account_id: "10001001",
    order_no: "bench-0001",
    amount: "25.00",
    currency: "USD",
    transaction_id: "T1",
    card: "424242******4242",
    order_status: "1",
    result_info: "0000:Success",
    risk_action: "ACCEPT",
    risk_score: "5",
    risk_reasons: [{ name: "velocity", status: "PASS" }],
    encryption_data: "ab".repeat(32),
  })
  const bare = new XMLParser({ parseTagValue: false })
  const loop = (fn: () => unknown) => async () => {
    const n = 2000
    return (
      ((await timeMs(async () => {
        for (let i = 0; i < n; i++) fn()
      })) *
        1000) /
      n
    )
  }
  const measured = await interleave(
    rounds,
    loop(() => parseResponXml(xml)),
    loop(() => bare.parse(xml))
  )
  return ratioRow(
    "parse a respon document",
    "µs/op",
    measured,
    "bare fast-xml-parser parse",
    "—"
  )
}
