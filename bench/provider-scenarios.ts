/**
 * The provider's own paths against the sandbox, without Medusa: 1,000
 * concurrent captures and refunds through the provider's money operations
 * (journalled, coalesced by its port), and the status queries a reconcile of
 * 200 due sessions sends, the authorisation it triggers included.
 */
import { useMemoryModule } from "../src/modules/acquiring/__fixtures__/memory-module"
import { createAcquiringClient } from "../src/gateway"
import { DEFAULT_SANDBOX_ACCOUNT } from "../src/sandbox"
import {
  memoryJournal,
  memorySessionStates,
} from "../src/accounts/__fixtures__/test-gateway"
import { createCore } from "../src/accounts/core"
import { parseAcquiringOptions } from "../src/accounts/options"
import { capturePayment } from "../src/capture/capture"
import { refundPayment } from "../src/refunds/refunds"
import { applyLookups } from "../src/acquirer-calls/settle-attempts"
import { AcquiringCardProvider } from "../src/providers/acquiring/card-provider"
import type { ProviderCore } from "../src/accounts/core"
import { lookupOrders } from "../src/acquirer-calls/status-query"
import type { SessionData } from "../src/payment-sessions/session-data"
import { interleave, stats, timeMs, type Row, type Stats } from "./measure"
import {
  accountFor,
  authorized,
  control,
  requestCount,
  transactions,
} from "./wire"

function benchOptions(base: string) {
  return {
    base_url: base,
    ...DEFAULT_SANDBOX_ACCOUNT,
    mode: "test" as const,
    website: "https://shop.example.test",
    backend_url: "http://127.0.0.1:9000",
    storefront_return_url: "https://shop.example.test/return",
    storefront_cancel_url: "https://shop.example.test/cancel",
    timeout_ms: 60_000,
  }
}

function benchCore(base: string) {
  return createCore({
    identifier: "acquiring-card",
    entry_id: "bench",
    options: parseAcquiringOptions(benchOptions(base)),
    journal: memoryJournal(),
    // refunds ask whether a payment is disputed: the bench's payments never are
    disputes: { open: async () => [] },
  })
}

/** The card provider as Medusa calls it, on the bench's core (journal in memory). */
class BenchCardProvider extends AcquiringCardProvider {
  private readonly benchCore: ProviderCore

  constructor(base: string, core: ProviderCore) {
    const options = benchOptions(base)
    // the medusa-config entry the provider finds itself in; its core is then the bench's
    const configModule = {
      modules: {
        payment: {
          options: {
            providers: [
              { resolve: "./providers/acquiring", id: "bench", options },
            ],
          },
        },
      },
    }
    super({ configModule }, options as never)
    this.benchCore = core
  }

  protected override core(): Promise<ProviderCore> {
    return Promise.resolve(this.benchCore)
  }
}

/** Requests of these operations the sandbox has logged. */
async function requestsOf(base: string, operations: string[]): Promise<number> {
  let sum = 0
  for (const operation of operations) sum += await requestCount(base, operation)
  return sum
}

/** Authorised sandbox transactions with their order numbers, as the payments' stored data. */
async function authorizedPayments(
  base: string,
  count: number
): Promise<SessionData[]> {
  const entries = await authorized(base, count)
  const orderOf = new Map(
    (await transactions(base)).map((tx) => [tx.transaction_id, tx.order_no])
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

type Kind = "capture" | "refund"

/** The wire operations one money operation may send: a refund may search refunds too. */
const SENT: Record<Kind, string[]> = {
  capture: ["capture", "retrieval_trans"],
  refund: ["refund", "retrieval_refund", "retrieval_trans"],
}

export interface PortRows {
  requests: Row
  wall: Row
}

/**
 * 1,000 concurrent captures (or refunds of captured payments) through the
 * provider's money operation, next to the same entries as hand-made batches
 * of 50 through the client. Requests counted from the sandbox's log.
 */
export async function providerPortRows(
  base: string,
  kind: Kind,
  scale: { rounds: number; callers: number }
): Promise<PortRows> {
  const client = createAcquiringClient({
    base_url: base,
    ...DEFAULT_SANDBOX_ACCOUNT,
    timeout_ms: 60_000,
  })
  const requests: number[] = []
  const fresh = async () => {
    await control(base, "POST", "/reset")
    const payments = await authorizedPayments(base, scale.callers)
    if (kind === "capture") return payments
    await client.capture(payments.map(entryOf))
    return payments.map((p) => ({ ...p, status: "captured" as const }))
  }
  const measured = await interleave(
    scale.rounds,
    async () => {
      const payments = await fresh()
      const core = benchCore(base)
      const before = await requestsOf(base, SENT[kind])
      const ms = await timeMs(() =>
        Promise.all(
          payments.map((data, i) =>
            kind === "capture"
              ? capturePayment(core, data)
              : refundPayment(core, data, {
                  amount: "5.00",
                  reference: `refund_bench_${i}`,
                })
          )
        )
      )
      requests.push((await requestsOf(base, SENT[kind])) - before)
      await accountFor(base, kind, payments.map(entryOf))
      return ms
    },
    async () => {
      const payments = await fresh()
      const entries = payments.map(entryOf)
      const ms = await timeMs(() =>
        kind === "capture"
          ? client.capture(entries)
          : client.refund(
              entries.map((e, i) => ({
                ...e,
                refund_amount: "5.00",
                refund_reason: `Medusa refund refund_bench_${i}`,
              }))
            )
      )
      await accountFor(base, kind, entries)
      return ms
    }
  )
  // the warm-up pair is not a round
  requests.shift()
  const sent = stats(requests)
  const callers = scale.callers.toLocaleString("en")
  return {
    requests: {
      scenario: `${callers} concurrent ${kind}s: gateway requests`,
      unit: "requests",
      target: sent,
      figure: sent.median,
      limit: { at_most: 40 },
      goal: "≤ 40",
      note: `through the provider's ${kind === "capture" ? "capturePayment" : "refundPayment"} (journalled, coalesced by its port); ${SENT[kind].join(" + ")} requests; one per payment would be ${kind === "capture" ? callers : `${(2 * scale.callers).toLocaleString("en")} (refund + refund search)`}`,
    },
    wall: {
      scenario: `${callers} concurrent ${kind}s: wall time / hand-made batches`,
      unit: "ms wall",
      target: measured.target,
      baseline_name: "same entries as hand-made batches of 50",
      baseline: measured.baseline,
      ratio: measured.target.median / measured.baseline.median,
      limit: { at_most: 1.5 },
      goal: "≤ 1.5×",
    },
  }
}

function entryOf(p: SessionData) {
  return {
    transaction_id: p.transaction_id as string,
    order_no: p.order_no as string,
    amount: p.amount as string,
    currency: p.currency as string,
  }
}

/**
 * A reconcile of due sessions whose answers were lost: the job's one look-up
 * for all of them, what it learned applied (and stored, as the job saves it),
 * then Medusa's authorizePayment on that stored data, as the cart completion
 * the job triggers calls it. Every status query either sends is counted.
 */
export async function reconcileRow(
  base: string,
  sessions: number
): Promise<Row> {
  await control(base, "POST", "/reset")
  const core = benchCore(base)
  // the sessions' state in memory, as the journal is
  useMemoryModule(memorySessionStates())
  const provider = new BenchCardProvider(base, core)
  const due = (await authorizedPayments(base, sessions)).map(lostAnswer)
  const before = await requestCount(base, "retrieval_trans")
  const answers = await lookupOrders(
    core,
    due.flatMap((d) => (d.attempts ?? []).map((a) => a.order_no))
  )
  const afterLookup = await requestCount(base, "retrieval_trans")
  const stored = due.map((data) => applyLookups(core, data, answers).data)
  const authorized = await Promise.all(
    stored.map((data) => provider.authorizePayment({ data } as never))
  )
  const sent = (await requestCount(base, "retrieval_trans")) - before
  const confirmed = authorized.filter((a) => a.status === "authorized").length
  if (confirmed !== sessions)
    throw new Error(
      `reconcile: ${confirmed} of ${sessions} sessions read as authorised`
    )
  const one: Stats = { median: sent, min: sent, max: sent, samples: [sent] }
  return {
    scenario: `reconcile ${sessions} sessions: gateway requests`,
    unit: "requests",
    target: one,
    figure: sent,
    limit: { at_most: 8 },
    goal: "≤ 8",
    note: `look-up ${afterLookup - before}, then authorizePayment on the stored data ${sent - (afterLookup - before)}; ${confirmed} of ${sessions} authorised; one query per session would be ${sessions}, ${Math.round(sessions * 1.5)} with the follow-ups`,
  }
}

/** An authorisation whose answer was lost: the attempt is unknown, the session still pending. */
function lostAnswer(data: SessionData): SessionData {
  const attempt = data.attempts![0]
  return {
    status: "pending",
    amount: data.amount,
    currency: data.currency,
    session_id: `payses_${attempt.order_no}`,
    attempts: [
      {
        order_no: attempt.order_no,
        kind: "authorise",
        state: "unknown",
        at: attempt.at,
      },
    ],
  }
}
