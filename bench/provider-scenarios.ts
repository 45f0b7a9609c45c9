/**
 * The provider's own paths against the sandbox, without Medusa: 1,000
 * concurrent captures through the provider's money operation (journalled,
 * coalesced by its port), and the status queries a reconcile of 200 due
 * sessions sends.
 */
import { createAcquiringClient } from "../src/gateway"
import { DEFAULT_SANDBOX_ACCOUNT } from "../src/sandbox"
import { memoryJournal } from "../src/providers/acquiring/__fixtures__/test-gateway"
import { createCore } from "../src/providers/acquiring/config/core"
import { parseAcquiringOptions } from "../src/providers/acquiring/config/options"
import { capturePayment } from "../src/providers/acquiring/money/capture"
import { lookupOrders } from "../src/providers/acquiring/port/status-query"
import type { SessionData } from "../src/providers/acquiring/session/session-data"
import { interleave, stats, timeMs, type Row } from "./measure"
import { authorised, control, requestCount } from "./wire"

function benchCore(base: string) {
  return createCore({
    identifier: "acquiring-card",
    entry_id: "bench",
    options: parseAcquiringOptions({
      base_url: base,
      ...DEFAULT_SANDBOX_ACCOUNT,
      mode: "test",
      website: "https://shop.example.test",
      backend_url: "http://127.0.0.1:9000",
      storefront_return_url: "https://shop.example.test/return",
      storefront_cancel_url: "https://shop.example.test/cancel",
      timeout_ms: 60_000,
    }),
    journal: memoryJournal(),
  })
}

/** Authorised sandbox transactions with their order numbers, as the payments' stored data. */
async function authorisedPayments(
  base: string,
  count: number
): Promise<SessionData[]> {
  const entries = await authorised(base, count)
  const { transactions } = (await control(base, "GET", "/transactions")) as {
    transactions: { transaction_id: string; order_no: string }[]
  }
  const orderOf = new Map(
    transactions.map((tx) => [tx.transaction_id, tx.order_no])
  )
  return entries.map((entry) => {
    const order_no = orderOf.get(entry.transaction_id) as string
    return {
      status: "authorized",
      amount: entry.amount,
      currency: entry.currency,
      order_no,
      transaction_id: entry.transaction_id,
      attempts: [
        {
          order_no,
          kind: "authorise",
          state: "authorized",
          at: new Date().toISOString(),
          transaction_id: entry.transaction_id,
        },
      ],
    }
  })
}

export async function providerCaptureRow(
  base: string,
  scale: { rounds: number; callers: number }
): Promise<Row> {
  const client = createAcquiringClient({
    base_url: base,
    ...DEFAULT_SANDBOX_ACCOUNT,
    timeout_ms: 60_000,
  })
  const requests: number[] = []
  const fresh = async () => {
    await control(base, "POST", "/reset")
    return authorisedPayments(base, scale.callers)
  }
  const measured = await interleave(
    scale.rounds,
    async () => {
      const payments = await fresh()
      const core = benchCore(base)
      const before = await requestCount(base, "capture")
      const ms = await timeMs(() =>
        Promise.all(payments.map((data) => capturePayment(core, data)))
      )
      requests.push((await requestCount(base, "capture")) - before)
      return ms
    },
    async () => {
      const payments = await fresh()
      const entries = payments.map((p) => ({
        transaction_id: p.transaction_id as string,
        order_no: p.order_no,
        amount: p.amount as string,
        currency: p.currency as string,
      }))
      return timeMs(() => client.capture(entries))
    }
  )
  requests.shift()
  const sent = stats(requests)
  return {
    scenario: `${scale.callers.toLocaleString("en")} concurrent captures through the provider's port`,
    unit: "ms wall",
    target: measured.target,
    baseline_name: "same entries as hand-made batches of 50",
    baseline: measured.baseline,
    ratio: measured.target.median / measured.baseline.median,
    goal: "≤ 1.5×; ≤ 40 requests",
    note: `requests ${sent.median} (${sent.min}–${sent.max})`,
  }
}

export async function reconcileRow(
  base: string,
  sessions: number
): Promise<Row> {
  await control(base, "POST", "/reset")
  const payments = await authorisedPayments(base, sessions)
  const before = await requestCount(base, "retrieval_trans")
  const answers = await lookupOrders(
    benchCore(base),
    payments.map((p) => p.order_no as string)
  )
  const sent = (await requestCount(base, "retrieval_trans")) - before
  const found = [...answers.values()].filter((a) => a.kind === "found").length
  return {
    scenario: `reconcile ${sessions} due sessions: status queries sent`,
    unit: "requests",
    ratio: sent,
    goal: "≤ 8 requests",
    note: `${found} of ${sessions} confirmed; one query per session would be ${sessions}`,
  }
}
