/*
 * Issue 18: the randomised version of money-concurrency.spec.ts. A few dozen
 * payments, and two admins (on two Medusa instances sharing their locks in
 * Redis, where the tests have one; otherwise both on the one instance) fire
 * whole and partial captures, order cancels, refunds, review releases and
 * rejections and syncs at random moments, while the card holders' banks
 * open, win and lose chargebacks at the sandbox, its notifications arrive
 * and the reconcile job runs in between. Once settled, every payment
 * holds the invariants of money-invariants.ts, no operation is left
 * unsettled and nobody got a 5xx.
 *
 * One schedule per run, drawn by fast-check from a seed printed at the start
 * and in the failure message: FUZZ_SEED=<seed> draws the same schedule again
 * (the moments are the schedule's; how the requests interleave on the
 * machine is not replayed). MONEY_RANDOM_PAYMENTS sets how many payments
 * (28 unless set).
 */
import fc from "fast-check"
import {
  label,
  money,
  reason,
  request,
  scheduleOf,
  sleep,
  tally,
  type Placed,
  type Plan,
  type Schedule,
  type Told,
} from "../helpers/random-schedule"
import { TEST_JWT_SECRET } from "../../dev/local-stack/app-constants"
import { createAdminHeaders } from "../../dev/local-stack/admin-user"
import { httpClient, type HttpClient } from "../../dev/store-client/http-client"
import { acquiringSuite, type Shop } from "../helpers/acquiring-suite"
import { adminPayment, placeDirectOrder } from "../helpers/checkout"
import {
  keptChargebacks,
  ledgerOf,
  unsettledOperations,
  violations,
  type Ledger,
} from "../helpers/money-invariants"
import {
  startSecondInstance,
  type SecondInstance,
} from "../helpers/second-instance"
import { runReconcileJob, settle } from "../helpers/settlement"
import { CARDS } from "../helpers/test-cards"
import { useSharedLocks } from "../helpers/shared-locks"
import { budget } from "../setup/time-budget"

/** Two instances when the tests have a Redis for their shared locks (.ci/run sets it where one answers). */
const TWO_INSTANCES = useSharedLocks()

jest.setTimeout(budget(600_000))

const SEED =
  process.env.FUZZ_SEED !== undefined
    ? Number(process.env.FUZZ_SEED)
    : Math.floor(Math.random() * 2 ** 31)
if (!Number.isInteger(SEED)) throw new Error("FUZZ_SEED must be an integer")

const PAYMENTS = Number(process.env.MONEY_RANDOM_PAYMENTS ?? 28)
/** Orders placed at once while preparing (the store's own pace, not the point of the test). */
const PLACING = 5

const schedule = scheduleOf(PAYMENTS, TWO_INSTANCES)

acquiringSuite((suite) => {
  const { sandbox, openShop } = suite
  // the card holder's bank: chargebacks opened and decided at the sandbox
  const bank = httpClient(() => `${sandbox.url()}/__sandbox`)

  async function place(shop: Shop, plans: Plan[]): Promise<Placed[]> {
    const placed: Placed[] = []
    for (let start = 0; start < plans.length; start += PLACING) {
      const batch = await Promise.all(
        plans.slice(start, start + PLACING).map(async (p) => {
          // the file's default cart (the shopper's guest customer exists): copies, not two workflows each
          const { order } = await placeDirectOrder(shop, {
            card: p.review ? CARDS.review : CARDS.approved,
          })
          const payment = await adminPayment(shop, order.id)
          if (p.captured) {
            const answer = await shop.admin.post(
              `/admin/payments/${payment.id}/capture`,
              {}
            )
            if (answer.status !== 200)
              throw new Error(`capture before the schedule: ${answer.text}`)
          }
          const state = await shop.state(payment.data)
          return {
            orderId: order.id,
            paymentId: payment.id,
            transactionId: String(state.transaction_id),
          }
        })
      )
      placed.push(...batch)
    }
    return placed
  }

  /** Fires every payment's steps at their moments and the job at its; resolves when all are answered. */
  async function runSchedule(
    admins: [HttpClient, HttpClient],
    { plans, jobs_ms }: Schedule,
    placed: Placed[]
  ): Promise<{ told: Told[][]; jobFailures: string[] }> {
    const began = Date.now()
    const since = () => Date.now() - began
    const told: Told[][] = plans.map(() => [])
    const jobFailures: string[] = []

    const payments = plans.map(async (p, i) => {
      await sleep(p.start_ms)
      const answers: Promise<void>[] = []
      for (const s of p.steps) {
        await sleep(s.delay_ms)
        const fired_ms = since()
        const record = (status: number, says?: string) => {
          told[i].push({
            step: label(s.op),
            instance: (s.admin + 1) as 1 | 2,
            fired_ms,
            took_ms: since() - fired_ms,
            status,
            says,
          })
        }
        // fired without waiting for the step before: they overlap when the delay is short
        answers.push(
          request(admins[s.admin], bank, placed[i], s.op).then(
            (answer) => record(answer.status, reason(answer)),
            (error) => record(0, `no answer: ${String(error)}`)
          )
        )
      }
      await Promise.all(answers)
    })

    const jobs = (async () => {
      for (const at of jobs_ms) {
        if (at > since()) await sleep(at - since())
        const from = since()
        try {
          await runReconcileJob(suite.container(), suite.databaseUrl())
        } catch (error) {
          jobFailures.push(`the job run at ${from} ms threw: ${String(error)}`)
        }
      }
    })()

    await Promise.all([...payments, jobs])
    // in the order they were fired, for the report
    for (const list of told) list.sort((a, b) => a.fired_ms - b.fired_ms)
    return { told, jobFailures }
  }

  /** What is wrong with one payment once settled (nothing, when the plugin holds). */
  function problemsOf(ledger: Ledger, told: Told[]): string[] {
    const wrong = violations(ledger)
    for (const t of told) {
      if (t.status >= 500 || t.status === 0)
        wrong.push(`${t.step} answered ${t.status || "nothing"}`)
    }
    // what the admins were told was made was made (a cancel may refund more besides)
    const refundedAsTold = told
      .filter((t) => t.status === 200 && t.step.startsWith("refund "))
      .reduce((total, t) => total + Number(t.step.split(" ")[1]), 0)
    if (refundedAsTold > money(ledger.acquirer.refunded))
      wrong.push(
        `refunds of ${refundedAsTold.toFixed(2)} answered 200, the acquirer refunded ${ledger.acquirer.refunded}`
      )
    const capturedAsTold = told.some(
      (t) => t.status === 200 && t.step.startsWith("capture")
    )
    if (capturedAsTold && money(ledger.acquirer.captured) === 0)
      wrong.push(`a capture answered 200, the acquirer captured nothing`)
    return wrong
  }

  function report(
    instances: number,
    plans: Plan[],
    placed: Placed[],
    ledgers: Ledger[],
    told: Told[][],
    problems: string[][],
    global: string[]
  ): string {
    const lines = [
      `money-randomised: seed ${SEED} (replay: FUZZ_SEED=${SEED}), ${plans.length} payments on ${instances} instance(s)`,
      ...global,
    ]
    problems.forEach((wrong, i) => {
      if (!wrong.length) return
      const p = plans[i]
      lines.push(
        "",
        `payment ${placed[i].paymentId} of order ${placed[i].orderId}` +
          ` (${p.review ? "review card" : p.captured ? "captured before" : "authorised"}, starts at ${p.start_ms} ms):`,
        ...wrong.map((w) => `  WRONG: ${w}`),
        `  planned: ${p.steps.map((s) => `+${s.delay_ms}ms ${label(s.op)} @${s.admin + 1}`).join(", ")}`,
        ...told[i].map(
          (t) =>
            `  ${String(t.fired_ms).padStart(5)} ms  ${t.step.padEnd(16)} @${t.instance} -> ${t.status} in ${t.took_ms} ms${t.says ? `: ${t.says}` : ""}`
        ),
        `  acquirer: ${JSON.stringify(ledgers[i].acquirer)}`,
        `  Medusa:   ${JSON.stringify(ledgers[i].medusa)} order ${ledgers[i].order_status}`
      )
    })
    return lines.join("\n")
  }

  it(`${PAYMENTS} payments, two admins${TWO_INSTANCES ? " on two instances sharing their locks in Redis" : " on one instance"}, captures, cancels, refunds, review decisions, syncs, chargebacks and the job at random moments`, async () => {
    const [drawn] = fc.sample(schedule, { seed: SEED, numRuns: 1 })
    console.log(
      `money-randomised: seed ${SEED} (replay with FUZZ_SEED=${SEED}); ` +
        `${drawn.plans.filter((p) => p.review).length} review, ` +
        `${drawn.plans.filter((p) => p.captured).length} captured before, ` +
        `${drawn.plans.reduce((n, p) => n + p.steps.length, 0)} steps, ` +
        `job at ${drawn.jobs_ms.join(", ")} ms; ${TWO_INSTANCES ? "two instances" : "one instance"}`
    )
    const began = Date.now()
    const phases: string[] = []
    const phase = (name: string) =>
      phases.push(`${name} ${((Date.now() - began) / 1000).toFixed(1)} s`)
    const shop = await openShop()
    let second: SecondInstance | undefined
    try {
      // the second instance boots while the orders are placed
      const [placing, booting] = await Promise.allSettled([
        place(shop, drawn.plans),
        TWO_INSTANCES
          ? startSecondInstance(suite.databaseUrl())
          : Promise.resolve(undefined),
      ])
      if (booting.status === "fulfilled") second = booting.value
      if (placing.status === "rejected") throw placing.reason
      if (booting.status === "rejected") throw booting.reason
      const placed = placing.value
      phase(TWO_INSTANCES ? "placed and booted" : "placed")
      let other = shop.admin
      if (second) {
        const headers = await createAdminHeaders(
          suite.container(),
          TEST_JWT_SECRET
        )
        const url = second.url
        other = httpClient(
          () => url,
          () => headers
        )
      }

      const { told, jobFailures } = await runSchedule(
        [shop.admin, other],
        drawn,
        placed
      )
      // a void the reconcile retries may need a second pass
      phase("schedule run")
      await settle(suite)
      await settle(suite)
      phase("settled")

      const ledgers: Ledger[] = []
      for (const p of placed)
        ledgers.push(
          await ledgerOf(
            sandbox,
            shop,
            p.orderId,
            keptChargebacks(suite.container)
          )
        )
      const problems = ledgers.map((ledger, i) => problemsOf(ledger, told[i]))
      const unsettled = await unsettledOperations(suite.databaseUrl())
      const global = [
        ...jobFailures,
        ...(unsettled.length
          ? [`operations left unsettled: ${JSON.stringify(unsettled)}`]
          : []),
      ]
      console.log(
        `money-randomised: seed ${SEED}; ${phases.join(", ")}; answers: ${tally(told.flat())}`
      )
      if (global.length || problems.some((w) => w.length))
        throw new Error(
          report(
            second ? 2 : 1,
            drawn.plans,
            placed,
            ledgers,
            told,
            problems,
            global
          )
        )
    } catch (error) {
      // the seed in every failure, whatever failed
      if (error instanceof Error && !error.message.includes(`seed ${SEED}`))
        error.message = `money-randomised seed ${SEED} (replay: FUZZ_SEED=${SEED}): ${error.message}`
      throw error
    } finally {
      await second?.stop()
    }
  })
})
