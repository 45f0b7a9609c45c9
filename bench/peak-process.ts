/**
 * Child process of the bench's peak scenario: Medusa in the production
 * shape on loopback (this process a `server`, a second `server` beside it
 * as a load balancer would spread shoppers over, and a `worker`, sharing
 * PostgreSQL and Redis), the sandbox answering every call after a set
 * latency. A ramp of shoppers paying at once, each step run with the card
 * provider and with Medusa's system provider in turn; at the end every
 * checkout is accounted for. Sends the figures over IPC and stops it all.
 */
import "../dev/local-stack/quiet-logs"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import Redis from "ioredis"
import { availableParallelism, setPriority } from "node:os"
import { DATABASE_URL_VARIABLE } from "../dev/local-stack/database"
import { confine, confineTree, parentOf } from "./cpu-affinity"
import { commandsServed } from "./redis-commands"
import { startChild } from "./processes"
import { machineBusyMs, processCpuMs } from "./cpu-time"
import { startLocalStack } from "../dev/local-stack"
import { seedStore, USD_REGION } from "../dev/local-stack/seed-store"
import { formsOf, submitForm } from "../dev/store-client/browser"
import { expectStatus } from "../dev/store-client/http-client"
import {
  createReadyCart,
  openPaymentSession,
  storeApi,
} from "../dev/store-client/storefront"
import { startSecondInstance } from "../integration-tests/helpers/second-instance"
import {
  CARD,
  CARD_PROVIDER,
  storefrontCheckout,
  SYSTEM_PROVIDER,
} from "./storefront-checkout"
import { accounting, workerQueueCounts, type Pg } from "./peak-accounting"
import type { PeakSettings } from "./peak-settings"
import {
  stepFigures,
  type CheckoutTimes,
  type StepFigures,
} from "./peak-report"

const HOSTED_PROVIDER = "pp_acquiring-hosted_acquiring"
/** The acquirer's calls a checkout makes, slowed as a real acquirer's are. */
const SLOWED = ["authorise", "retrieval_trans", "capture", "optimise"]

/**
 * Keeps the workers and the bench's own PostgreSQL (its postmaster and every
 * backend, today's and later ones) to the CPUs named for them; answers the
 * CPUs left for everything else (none when nothing was named).
 */
async function holdCpus(
  pg: Pg,
  {
    workers,
    workerCpu,
    databaseCpu,
  }: { workers: number[]; workerCpu: number | null; databaseCpu: number | null }
): Promise<number[]> {
  if (workerCpu !== null) for (const pid of workers) confine(pid, [workerCpu])
  if (databaseCpu !== null) {
    // a cluster named by URL may be the machine's own service: only the bench's is moved
    if (process.env[DATABASE_URL_VARIABLE])
      throw new Error(
        `ACQUIRING_BENCH_PEAK_DATABASE_CPU keeps the bench's own PostgreSQL to a CPU: unset ${DATABASE_URL_VARIABLE}`
      )
    const { rows } = await pg.raw("select pg_backend_pid() as pid")
    const postmaster = parentOf(Number(rows[0].pid))
    confineTree(postmaster, [databaseCpu])
  }
  const named = [workerCpu, databaseCpu].filter((cpu) => cpu !== null)
  if (named.length === 0) return []
  return Array.from({ length: availableParallelism() }, (_, cpu) => cpu).filter(
    (cpu) => !named.includes(cpu)
  )
}

async function main(
  redisUrl: string,
  redisPrefix: string,
  {
    steps,
    latencyMs,
    hostedEvery,
    serverNice,
    workers,
    workerCpu,
    databaseCpu,
    queueConcurrency,
    notifications,
  }: PeakSettings
): Promise<void> {
  // the production shape: events, workflows, cache and locks in Redis; this process serves HTTP only
  Object.assign(process.env, {
    ACQUIRING_TEST_DEPLOYMENT: "redis",
    ACQUIRING_TEST_REDIS_URL: redisUrl,
    ACQUIRING_TEST_REDIS_PREFIX: redisPrefix,
    MEDUSA_WORKER_MODE: "server",
    ACQUIRING_PG_STATEMENT_STATS: "1",
    // "worker": verified notifications go to the worker through the plugin's queue; "prompt" or "queued" to compare
    ACQUIRING_TEST_NOTIFICATION_HANDLING: notifications,
  })
  if (queueConcurrency !== null)
    process.env.ACQUIRING_TEST_NOTIFICATION_CONCURRENCY =
      String(queueConcurrency)
  // the acquirer in a process of its own: its CPU is the acquirer's, not the store's
  const sandbox = await startChild("sandbox")
  const stack = await startLocalStack(undefined, undefined, {
    sandboxUrl: sandbox.url,
  }).catch(async (error) => {
    await sandbox.stop()
    throw error
  })
  const others: { stop(): Promise<void> }[] = []
  try {
    const container = stack.app.container
    const databaseUrl: string =
      container.resolve("configModule").projectConfig.databaseUrl
    const second = await startSecondInstance(databaseUrl, {
      MEDUSA_WORKER_MODE: "server",
    })
    others.push(second)
    // one after another: each boot is a second or two of CPU, and the plugin's queue spreads notifications over all
    const workerPids: number[] = []
    for (let n = 0; n < workers; n++) {
      const worker = await startSecondInstance(databaseUrl, {
        MEDUSA_WORKER_MODE: "worker",
      })
      others.push(worker)
      workerPids.push(worker.pid)
    }
    // on one machine, a worker's notifications otherwise wait behind every shopper's request for the CPU
    if (serverNice > 0)
      for (const pid of [process.pid, second.pid]) setPriority(pid, serverNice)
    const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Pg
    // a worker (or PostgreSQL) on a CPU of its own, as on a host of its own; Redis still serves all from anywhere
    const left = await holdCpus(pg, {
      workers: workerPids,
      workerCpu,
      databaseCpu,
    })
    if (left.length > 0)
      for (const pid of [process.pid, second.pid, sandbox.pid])
        confine(pid, left)
    /** The Medusa processes whose CPU each wave reports apart: the rest of the machine is PostgreSQL, Redis and the like. */
    const processes: Record<string, number> = {
      "server 1 with the shoppers": process.pid,
      "server 2": second.pid,
      ...Object.fromEntries(
        workerPids.map((pid, n) => [
          workers === 1 ? "worker" : `worker ${n + 1}`,
          pid,
        ])
      ),
      "the sandbox (the acquirer)": sandbox.pid,
    }
    const servers = [stack.backendUrl, second.url]
    for (const operation of SLOWED) {
      const slowed = await fetch(`${stack.sandboxUrl}/__sandbox/faults`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          operation,
          kind: "latency",
          latency_ms: latencyMs,
          count: 1_000_000,
        }),
      })
      if (!slowed.ok)
        throw new Error(`the sandbox refused a latency: ${await slowed.text()}`)
    }
    const seeded = await seedStore(container, {
      paymentProviders: [CARD_PROVIDER, HOSTED_PROVIDER, SYSTEM_PROVIDER],
      regions: [USD_REGION],
    })
    // a load balancer: shopper i talks to server i mod 2 for all of its calls
    const stores = servers.map((url) =>
      storeApi(
        () => url,
        () => seeded.publishableKey
      )
    )

    // a guest each: Medusa's cart creation makes the guest customer of an
    // e-mail it has not seen, and two carts at once for one new e-mail race
    // there (the loser is refused), which is Medusa's, not the plugin's
    let shoppersSoFar = 0
    const shopperEmail = () => `shopper-${++shoppersSoFar}@example.test`

    /** One shopper's checkout: what a storefront sends, each call timed; an error is kept, not thrown. */
    async function checkout(
      shopper: number,
      provider: string
    ): Promise<CheckoutTimes> {
      const store = stores[shopper % stores.length]
      const times: CheckoutTimes = { calls: {} }
      const call = async <T>(name: string, run: () => Promise<T>) => {
        const started = process.hrtime.bigint()
        try {
          return await run()
        } finally {
          times.calls[name] = Number(process.hrtime.bigint() - started) / 1e6
        }
      }
      const started = process.hrtime.bigint()
      try {
        times.order_id = await storefrontCheckout(
          store,
          seeded,
          provider,
          call,
          shopperEmail()
        )
      } catch (error) {
        times.error = (error as Error).message.slice(0, 200)
      }
      times.total = Number(process.hrtime.bigint() - started) / 1e6
      return times
    }

    const hostedPaid: string[] = []
    /**
     * A shopper who pays on the acquirer's page and closes the tab: the
     * checkout ends with the page's answer, the order comes from the
     * notification, on the worker (on the server it reached with
     * `notification_handling: "prompt"`).
     */
    async function hostedCheckout(shopper: number): Promise<CheckoutTimes> {
      const url = servers[shopper % servers.length]
      const store = stores[shopper % stores.length]
      const times: CheckoutTimes = { calls: {}, hosted: true }
      const started = process.hrtime.bigint()
      try {
        const cart = await createReadyCart(store, seeded, {
          email: shopperEmail(),
        })
        const { session, answer } = await openPaymentSession(
          store,
          cart.id,
          HOSTED_PROVIDER
        )
        expectStatus(answer, 200, "hosted payment session")
        const path = `/store/acquiring/payment-sessions/${session.id}/checkout`
        const page = await store.get(path)
        if (page.status !== 200)
          throw new Error(`hosted checkout answered ${page.status}`)
        const [checkoutForm] = formsOf(
          page.text,
          `${url}${path}`,
          "checkout-data"
        )
        const onward = await submitForm(checkoutForm)
        const cardPage = onward.visits.at(-1)!
        const [payForm] = formsOf(cardPage.text, cardPage.url)
        const paid = await submitForm(
          payForm,
          {
            card: CARD.number,
            expiration_month: CARD.expiry_month,
            expiration_year: CARD.expiry_year,
            security_code: CARD.security_code,
          },
          { followRedirects: false }
        )
        if (paid.visits[0].status >= 400)
          throw new Error(`hosted page answered ${paid.visits[0].status}`)
        times.paid_order_no = checkoutForm.inputs.order_no
        hostedPaid.push(checkoutForm.inputs.order_no)
      } catch (error) {
        times.error = (error as Error).message.slice(0, 200)
      }
      times.total = Number(process.hrtime.bigint() - started) / 1e6
      return times
    }

    /** Every shopper of a step at once; the wall time is the step's. */
    const redis = new Redis(redisUrl)
    others.push({ stop: async () => redis.disconnect() })

    const pgStatements = await statementCounter(pg)

    async function wave(shoppers: number, provider: string) {
      const commandsBefore = await commandsServed(redis)
      const statementsBefore = await pgStatements()
      const cpuBefore = machineBusyMs()
      const processesBefore = processCpu(processes)
      const started = process.hrtime.bigint()
      const checkouts = await Promise.all(
        Array.from({ length: shoppers }, (_, i) =>
          provider === CARD_PROVIDER &&
          hostedEvery > 0 &&
          i % hostedEvery === hostedEvery - 1
            ? hostedCheckout(i)
            : checkout(i, provider)
        )
      )
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6
      const cpu_ms = machineBusyMs() - cpuBefore
      const processesAfter = processCpu(processes)
      const process_cpu_ms =
        processesBefore && processesAfter
          ? Object.fromEntries(
              Object.keys(processes).map((name) => [
                name,
                processesAfter[name] - processesBefore[name],
              ])
            )
          : undefined
      // the wave's own, give or take the worker's tail of the wave before
      const redis_commands = (await commandsServed(redis)) - commandsBefore - 1
      const statementsAfter = await pgStatements()
      const pg_statements =
        statementsAfter === undefined || statementsBefore === undefined
          ? undefined
          : statementsAfter - statementsBefore - 1
      return {
        checkouts,
        wallMs,
        redis_commands,
        pg_statements,
        cpu_ms,
        process_cpu_ms,
      }
    }

    // a warm-up wave each, unrecorded: the first checkouts load code, fill
    // caches and leave V8 time to compile what runs hot; with the ramp's
    // smallest step (at most 10, or two hosted payments' worth) every path,
    // the hosted page and its notification too, runs in it, else the first
    // recorded card wave pays for that alone
    const warmUpShoppers = Math.min(Math.max(10, 2 * hostedEvery), ...steps)
    const warmUp = [
      ...(await wave(warmUpShoppers, CARD_PROVIDER)).checkouts,
      ...(await wave(warmUpShoppers, SYSTEM_PROVIDER)).checkouts,
    ]
    const figures: StepFigures[] = []
    for (const [index, shoppers] of steps.entries()) {
      // interleaved: which provider goes first alternates step by step
      const order =
        index % 2
          ? [SYSTEM_PROVIDER, CARD_PROVIDER]
          : [CARD_PROVIDER, SYSTEM_PROVIDER]
      const runs: Record<string, Awaited<ReturnType<typeof wave>>> = {}
      for (const provider of order)
        runs[provider] = await wave(shoppers, provider)
      figures.push(
        stepFigures(shoppers, runs[CARD_PROVIDER], runs[SYSTEM_PROVIDER])
      )
    }
    process.send!({
      figures,
      accounting: await accounting(pg, stack.sandboxUrl, hostedPaid, (sent) =>
        workerQueueCounts(redisUrl, redisPrefix, sent)
      ),
      // not timed, but counted: the store's orders include theirs
      warm_up: {
        // a hosted payment's order is its notification's
        orders: warmUp.filter((c) => c.order_id || c.paid_order_no).length,
        errors: warmUp.flatMap((c) => (c.error ? [c.error] : [])),
      },
    })
  } finally {
    for (const other of others.reverse()) await other.stop().catch(() => {})
    await stack.stop()
    await sandbox.stop()
  }
}

/** Each named process's CPU milliseconds so far; undefined where /proc cannot tell. */
function processCpu(
  pids: Record<string, number>
): Record<string, number> | undefined {
  const used: Record<string, number> = {}
  for (const [name, pid] of Object.entries(pids)) {
    const ms = processCpuMs(pid)
    if (ms === undefined) return undefined
    used[name] = ms
  }
  return used
}

/**
 * Statements PostgreSQL has run so far, every instance's (pg_stat_statements,
 * which the embedded cluster preloads for the bench); undefined on a
 * PostgreSQL without it (ACQUIRING_TEST_DATABASE_URL).
 */
async function statementCounter(
  pg: Pg
): Promise<() => Promise<number | undefined>> {
  try {
    await pg.raw("create extension if not exists pg_stat_statements")
    await pg.raw("select pg_stat_statements_reset()")
  } catch {
    return async () => undefined
  }
  return async () =>
    Number(
      (
        await pg.raw(
          "select coalesce(sum(calls), 0)::bigint as n from pg_stat_statements"
        )
      ).rows[0].n
    )
}

// the settings as peak-scenarios.ts parsed them from the environment
const [redisUrl, redisPrefix, settings] = process.argv.slice(2)
main(redisUrl, redisPrefix, JSON.parse(settings) as PeakSettings).then(
  () => process.exit(0),
  (error: Error) => {
    process.send!({ error: error.message })
    process.exit(1)
  }
)
