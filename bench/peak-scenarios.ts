/**
 * `npm run bench -- peak`: the checkout at a sale day's load, in a child
 * process (peak-process.ts) running Medusa's production shape on loopback
 * (two servers and a worker on Redis and PostgreSQL). One row per step of
 * the ramp: the card checkout's p99 against Medusa's system provider's at
 * the same concurrency, with throughput, the calls' p99 and errors in its
 * note; then the run's accounting. The ramp is drawn as an SVG.
 */
import { randomBytes } from "node:crypto"
import { existsSync, writeFileSync } from "node:fs"
import path from "node:path"
import { stats, type Row } from "./measure"
import type { StepFigures } from "./peak-report"
import { peakChart } from "./peak-chart"
import type { PeakSettings } from "./peak-settings"
import { runMeasuringProcess } from "./measuring-process"
import { BUILT_ENTRY } from "../dev/local-stack/fresh-build"
import { NotificationQueueSchema } from "../src/accounts/options"
import { clearDeploymentRedis } from "../integration-tests/helpers/redis-events"

/** The aim: the card checkout's p99 within 1.05× the system provider's. */
const P99_LIMIT = 1.05

export type PeakOptions = PeakSettings & {
  redisUrl: string
  /** where the ramp's chart is written; none: not drawn */
  chart?: string
}

/** Seconds, median and p99; null where nothing was measured */
type Seconds = { median: number | null; p99: number | null }

interface Accounting {
  approved: number
  unordered: number
  hosted_paid: number
  hosted_without_order: number
  hosted_orders: number
  notification_to_order_s: Seconds
  /** deliveries of the hosted payments' notifications, resends included */
  hosted_deliveries: number
  /** notifications the worker took from the plugin's queue, and those it failed on every try */
  worker_queue?: {
    handled: number
    failed: number
    /** not yet handled when the bench looked: waiting, sent back for a while, or being handled */
    still_queued: number
    /** a hosted payment's notification, medians: the acquirer's sending to queued, waiting, handled */
    door_s: number | null
    waiting_s: number | null
    handling_s: number | null
    /** notifications handled only after a failed try, and the first one's reason */
    tried_again: number
    first_failure?: string
    /** every notification's time handled on the worker, card payments' included */
    every_handling_s: Seconds
  }
  card_approval_to_order_s: Seconds
  lock_timeouts: number
  orders: number
}

const single = (value: number) => stats([value])

/** Seconds to two decimals; a figure with no samples as a dash. */
const secondsText = (value: number | null) =>
  value === null ? "—" : `${value.toFixed(2)} s`
/** Whole milliseconds; a percentile of no samples (a call no shopper reached) as a dash. */
const msText = (value: number | null) =>
  value === null ? "—" : value.toFixed(0)

/** Whether something answers on the Redis URL's port: the scenario needs it. */
export async function redisAnswers(url: string): Promise<boolean> {
  const { createConnection } = await import("node:net")
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = createConnection({
      host: hostname,
      port: Number(port || 6379),
    })
    socket.setTimeout(2000)
    socket.once("connect", () => {
      socket.destroy()
      resolve(true)
    })
    socket.once("error", () => resolve(false))
    socket.once("timeout", () => {
      socket.destroy()
      resolve(false)
    })
  })
}

export async function peakRows(options: PeakOptions): Promise<Row[]> {
  const { redisUrl: _redisUrl, chart: _chart, ...settings } = options
  const pending = (reason: string): Row[] => [
    {
      scenario: "peak checkout ramp",
      unit: "p99 ratio",
      goal: `≤ ${P99_LIMIT}`,
      pending: reason,
    },
  ]
  if (!existsSync(path.join(__dirname, "..", BUILT_ENTRY)))
    return pending("no build: run `npm run build` first")
  if (!(await redisAnswers(options.redisUrl)))
    return pending(
      `no Redis at ${options.redisUrl}: name one with ACQUIRING_BENCH_REDIS_URL`
    )
  const prefix = `acquiring-bench-${randomBytes(4).toString("hex")}`
  const { answer, output } = await runMeasuringProcess<{
    figures?: StepFigures[]
    accounting?: Accounting
    warm_up?: { orders: number; errors: string[] }
  }>(
    "peak-process.ts",
    [options.redisUrl, prefix, JSON.stringify(settings satisfies PeakSettings)],
    // the two Medusa instances it starts boot faster transpiled by swc
    { ...process.env, TS_NODE_SWC: "true" }
  )
  // every process of the run has ended: its queues, cache and locks go too
  await clearDeploymentRedis({ url: options.redisUrl, prefix })
  if (answer.error || !answer.figures || !answer.accounting || !answer.warm_up)
    return pending(`failed: ${answer.error}: ${output.slice(-500)}`)
  if (options.chart)
    writeFileSync(options.chart, peakChart(answer.figures, options.latencyMs))
  const rows = answer.figures.map((step) => stepRow(step, options))
  const a = answer.accounting
  const completed = answer.figures.reduce(
    (sum, step) =>
      sum + step.card.orders + step.card.hosted.paid + step.system.orders,
    0
  )
  const warmUp = answer.warm_up
  const errors =
    warmUp.errors.length +
    answer.figures.reduce(
      (sum, step) => sum + step.card.errors + step.system.errors,
      0
    )
  // every order the shoppers were told of (or the notification made) is in the store, and no more
  const ordersAmiss = Math.abs(a.orders - (completed + warmUp.orders))
  rows.push({
    scenario:
      "peak: checkouts unaccounted for (errors, approvals without an order, orders amiss)",
    unit: "checkouts",
    goal: "0",
    figure: errors + a.unordered + a.hosted_without_order + ordersAmiss,
    limit: { at_most: 0 },
    note: `${completed} checkouts completed, ${a.orders} orders in the store (${warmUp.orders} of them the warm-up's${warmUp.errors.length ? `; the warm-up failed ${warmUp.errors.length} times, first: ${warmUp.errors[0]}` : ""}), ${a.approved} approvals of which ${a.unordered} without an order; ${a.hosted_paid} paid on the hosted page, ${a.hosted_without_order} of them without an order; ${a.lock_timeouts} lock time-outs`,
  })
  const lag = a.notification_to_order_s
  rows.push({
    scenario: `peak: hosted payments, the acquirer's notification to the order, p99`,
    unit: "s",
    goal: "< 2",
    ...(lag.p99 !== null
      ? { figure: lag.p99 }
      : { pending: "no hosted payment was ordered by its notification" }),
    limit: { at_most: 2 },
    note: `${a.hosted_orders} hosted payments ordered by their notification, delivered ${a.hosted_deliveries} times in all${a.worker_queue ? `; ${workerQueueText(a.worker_queue, options)}` : ""}; median ${secondsText(lag.median)}; card payments, approval to order: median ${secondsText(a.card_approval_to_order_s.median)}, p99 ${secondsText(a.card_approval_to_order_s.p99)}`,
  })
  return rows
}

function workerQueueText(
  queue: NonNullable<Accounting["worker_queue"]>,
  {
    workers,
    queueConcurrency: concurrency,
  }: Pick<PeakSettings, "workers" | "queueConcurrency">
): string {
  const failure = queue.first_failure
    ? ` (${queue.first_failure.slice(0, 160)})`
    : ""
  return [
    `${workers === 1 ? "the worker" : `each of ${workers} workers`} taking ${concurrency ?? `${NotificationQueueSchema.parse({}).concurrency} (the default)`} at a time`,
    `${queue.handled} notifications handled on ${workers === 1 ? "the worker" : "the workers"} through the plugin's queue, ${queue.failed} failed, ${queue.tried_again} tried again${failure}, ${queue.still_queued} still queued at the end`,
    `a hosted one's medians: ${secondsText(queue.door_s)} to be queued, ${secondsText(queue.waiting_s)} waiting, ${secondsText(queue.handling_s)} handled`,
    `every notification handled in ${secondsText(queue.every_handling_s.median)} median, ${secondsText(queue.every_handling_s.p99)} p99`,
  ].join("; ")
}

/** A step's row: the card checkout's p99 against the system provider's; a wave that completed nothing is not measured. */
export function stepRow(
  step: StepFigures,
  {
    serverNice,
    workers,
    workerCpu,
    databaseCpu,
  }: Pick<PeakSettings, "serverNice" | "workers" | "workerCpu" | "databaseCpu">
): Row {
  const measured = (p99: number | null) =>
    p99 === null ? undefined : single(p99)
  return {
    scenario: `peak: ${step.shoppers} shoppers at once, checkout p99 (2 servers${serverNice ? ` at nice ${serverNice}` : ""}, ${placesText(workers, workerCpu, databaseCpu)})`,
    unit: "ms",
    target: measured(step.card.checkout.p99),
    baseline_name: "same shoppers, pp_system_default",
    baseline: measured(step.system.checkout.p99),
    ratio: step.p99_ratio ?? undefined,
    goal: `≤ ${P99_LIMIT}`,
    limit: { at_most: P99_LIMIT },
    note: stepNote(step),
  }
}

/** How many workers, and where they and PostgreSQL ran when a CPU was named for them. */
function placesText(
  workers: number,
  workerCpu: number | null,
  databaseCpu: number | null
): string {
  const counted = workers === 1 ? "1 worker" : `${workers} workers`
  if (workerCpu !== null && workerCpu === databaseCpu)
    return `${counted} and PostgreSQL alone on CPU ${workerCpu}`
  return [
    `${counted}${workerCpu === null ? "" : ` alone on CPU ${workerCpu}`}`,
    ...(databaseCpu === null ? [] : [`PostgreSQL alone on CPU ${databaseCpu}`]),
  ].join(", ")
}

export function stepNote(step: StepFigures): string {
  const calls = Object.entries(step.card.calls)
    .map(([name, p]) => `${name} ${msText(p.p99)}`)
    .join(", ")
  const systemCalls = Object.entries(step.system.calls)
    .map(([name, p]) => `${name} ${msText(p.p99)}`)
    .join(", ")
  const errors = step.card.errors + step.system.errors
  const redis =
    step.card.redis_per_checkout === undefined ||
    step.system.redis_per_checkout === undefined
      ? ""
      : `; Redis commands per checkout ${step.card.redis_per_checkout.toFixed(0)} card, ${step.system.redis_per_checkout.toFixed(0)} system`
  const statements =
    step.card.pg_per_checkout === undefined ||
    step.system.pg_per_checkout === undefined
      ? ""
      : `; PostgreSQL statements per checkout ${step.card.pg_per_checkout.toFixed(0)} card, ${step.system.pg_per_checkout.toFixed(0)} system`
  const cpu =
    step.cpu_ratio === undefined
      ? ""
      : `; the machine's CPU per checkout ${step.card.cpu_per_checkout?.toFixed(0)} ms card, ${step.system.cpu_per_checkout?.toFixed(0)} ms system (${step.cpu_ratio.toFixed(2)}×)${cpuByProcess(step)}`
  const hosted = step.card.hosted.paid
    ? ` (${step.card.hosted.paid} of them on the hosted page, p99 ${msText(step.card.hosted.p99)} ms)`
    : ""
  return `checkouts/s ${step.card.per_second.toFixed(1)} card${hosted}, ${step.system.per_second.toFixed(1)} system; p50 ${msText(step.card.checkout.p50)} / ${msText(step.system.checkout.p50)} ms; p99 per call (ms): card ${calls}; system ${systemCalls}${redis}${statements}${cpu}; ${errors} errors${errorExamples(step)}`
}

/** ", of it (card / system, ms): server 2 400 / 300, …, the rest 500 / 450" */
function cpuByProcess(step: StepFigures): string {
  const card = step.card.process_cpu_per_checkout
  const system = step.system.process_cpu_per_checkout
  if (
    !card ||
    !system ||
    step.card.cpu_per_checkout === undefined ||
    step.system.cpu_per_checkout === undefined
  )
    return ""
  const sum = (each: Record<string, number>) =>
    Object.values(each).reduce((a, b) => a + b, 0)
  const parts = Object.keys(card).map(
    (name) =>
      `${name} ${card[name].toFixed(0)} / ${msText(system[name] ?? null)}`
  )
  parts.push(
    `PostgreSQL, Redis and the rest ${(step.card.cpu_per_checkout - sum(card)).toFixed(0)} / ${(step.system.cpu_per_checkout - sum(system)).toFixed(0)}`
  )
  return `, of it (card / system, ms): ${parts.join(", ")}`
}

/** " (card: …; system: …)": each provider's first error, as an example */
function errorExamples(step: StepFigures): string {
  const examples = [
    step.card.error && `card: ${step.card.error}`,
    step.system.error && `system: ${step.system.error}`,
  ].filter(Boolean)
  return examples.length ? ` (${examples.join("; ")})` : ""
}
