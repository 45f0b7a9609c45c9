/*
 * Medusa as merchants deploy it: this process is the `server` (HTTP only)
 * and a second process the `worker` (subscribers, jobs), sharing PostgreSQL
 * and Redis (event bus, workflow engine, cache, locks). The acquirer's
 * notifications reach the server, which hands them to the worker through
 * Redis (`notification_handling: "queued"`: the worker's side of them is
 * what this file is about; by default a server handles them itself, and
 * the peak bench's quick pass puts them in the plugin's own queue for the
 * worker); captures on fulfilment run on the
 * worker. Runs where a Redis is
 * named (ACQUIRING_TEST_REDIS_URL); jest.config.js leaves it out otherwise
 * and the global setup says so.
 */
import { randomBytes } from "node:crypto"
import { hostname } from "node:os"
import { Client } from "pg"
import { submitForm } from "../../dev/store-client/browser"
import { expectStatus } from "../../dev/store-client/http-client"
import {
  acquiringSuite,
  CARD_PROVIDER,
  type Shop,
} from "../helpers/acquiring-suite"
import {
  adminPayment,
  cartWithSession,
  expectOrder,
  hostedCardFields,
  openHostedPage,
  paidSession,
  placeDirectOrder,
  submitCard,
} from "../helpers/checkout"
import { eventually } from "../helpers/polling"
import { formsOf } from "../../dev/store-client/browser"
import { fulfil } from "../helpers/fulfilment"
import { unsettledOperations } from "../helpers/money-invariants"
import { ordersMade } from "../helpers/orders-made"
import { CAPTURE_MADE, capturesOf } from "../helpers/fault-matrix"
import { eventQueueTracker } from "../helpers/redis-events"
import { sandboxAccountBody } from "../helpers/sandbox-account"
import {
  startSecondInstance,
  type SecondInstance,
} from "../helpers/second-instance"
import { notificationsProcessed, runReconcileJob } from "../helpers/settlement"
import { CARDS } from "../helpers/test-cards"
import { budget } from "../setup/time-budget"
import {
  openPaymentSession,
  SHOPPER_DEVICE,
} from "../../dev/store-client/storefront"

jest.setTimeout(budget(300_000))

process.env.ACQUIRING_TEST_DEPLOYMENT = "redis"
process.env.ACQUIRING_TEST_REDIS_PREFIX = `acquiring-test-${randomBytes(4).toString("hex")}`
// this process answers HTTP only; the worker process runs subscribers and jobs
process.env.MEDUSA_WORKER_MODE = "server"
process.env.ACQUIRING_TEST_NOTIFICATION_HANDLING = "queued"
// accounts are saved in the admin, their sign keys sealed with the settings key
process.env.ACQUIRING_TEST_EMPTY_OPTIONS = "1"
const SETTINGS_KEY = randomBytes(32).toString("hex")
process.env.ACQUIRING_SETTINGS_KEY = SETTINGS_KEY

const SETTINGS = "/admin/acquiring/settings"

/** A text matched literally inside a RegExp. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

acquiringSuite((suite) => {
  const { sandbox, openShop, backendUrl, databaseUrl, container } = suite
  let worker: SecondInstance | undefined
  let workerHasKey = false
  const events = eventQueueTracker()

  /** Replaces the worker (if any) with one started on `env`. */
  async function startWorker(env: Record<string, string | undefined> = {}) {
    await worker?.stop()
    worker = await startSecondInstance(databaseUrl(), {
      ...env,
      MEDUSA_WORKER_MODE: "worker",
    })
    workerHasKey = !("ACQUIRING_SETTINGS_KEY" in env)
  }

  afterAll(async () => {
    await worker?.stop()
    await events.close()
  })

  const made = (cartId: string, sessionId: string) =>
    ordersMade(databaseUrl(), cartId, sessionId)

  /** A hosted-page payment whose shopper pays and never comes back: only the notification tells. */
  async function hostedShopperGone(shop: Shop) {
    const { cart, session, payForm } = await openHostedPage(shop, backendUrl())
    const paid = await submitForm(payForm, hostedCardFields(CARDS.approved), {
      followRedirects: false,
    })
    expect(paid.visits[0].status).toBe(303)
    return { cart, session }
  }

  /** A 3-D Secure challenge passed at the issuer by a shopper whose browser never comes back. */
  async function challengedShopperGone(shop: Shop) {
    const challenged = await cartWithSession(shop, CARD_PROVIDER)
    const pending = await paidSession(
      shop,
      await submitCard(shop, challenged.session.id, CARDS.challenge),
      "3-D Secure card"
    )
    expect(pending.data.status).toBe("requires_more")
    const issuer = await submitForm({
      action: pending.data.three_ds.form.action,
      method: "post",
      inputs: pending.data.three_ds.form.inputs,
    })
    const page = issuer.visits.at(-1)!
    const pass = formsOf(page.text, page.url).find(
      (f) => f.inputs.outcome === "pass"
    )!
    await submitForm(pass, {}, { followRedirects: false })
    return challenged
  }

  async function settingsAnswer(shop: Shop) {
    return expectStatus(await shop.admin.get(SETTINGS), 200, "settings")
  }

  /** `seconds` pass for the reports of instances that no longer run: every moment they hold moves back. */
  async function reportsAged(pids: number[], seconds: number) {
    const client = new Client({ connectionString: databaseUrl() })
    await client.connect()
    try {
      const { rowCount } = await client.query(
        `update "acquiring_instance_report"
            set "started_at" = "started_at" - make_interval(secs => $2),
                "seen_at" = "seen_at" - make_interval(secs => $2),
                "stopped_at" = "stopped_at" - make_interval(secs => $2)
          where "pid" = any($1::int[])`,
        [pids, seconds]
      )
      expect(rowCount).toBe(pids.length)
    } finally {
      await client.end()
    }
  }

  it("a worker without its settings key shows in the admin and drops nothing; a worker down is warned of and its events wait; back with its key, every payment becomes one order", async () => {
    const shop = await openShop()
    expectStatus(
      await shop.admin.post(
        `${SETTINGS}/accounts`,
        sandboxAccountBody(sandbox, backendUrl)
      ),
      200,
      "account"
    )
    await startWorker({ ACQUIRING_SETTINGS_KEY: undefined })
    const faulty = await eventually(
      "the worker's fault in the admin",
      async () => {
        const answer = await settingsAnswer(shop)
        return answer.instance_faults.length ? answer : undefined
      },
      30_000
    )
    expect(faulty.faults).toEqual([])
    expect(faulty.instance_faults[0]).toMatchObject({
      role: "worker",
      reason: expect.stringMatching(/set ACQUIRING_SETTINGS_KEY on it/),
    })

    // the server acknowledges, the worker cannot verify: the event fails and is kept, no order yet
    const failedBefore = await events.failed()
    const first = await hostedShopperGone(shop)
    await notificationsProcessed(suite)
    expect(await events.failed()).toBeGreaterThan(failedBefore)
    expect(await made(first.cart.id, first.session.id)).toEqual({
      orders: 0,
      payments: 0,
    })

    // the worker stops: it says so while stopping, and the admin warns at once what waits
    await worker!.stop()
    worker = undefined
    const warned = await settingsAnswer(shop)
    expect(warned.background.warning).toMatch(
      /^No worker \(or shared instance\) is running: the last one, the worker on .+ \(pid \d+\), stopped at .*queued notifications/
    )

    // a notification meanwhile is acknowledged by the server and waits in Redis
    const second = await hostedShopperGone(shop)
    const delivered = await eventually("the second notification", async () => {
      const all = await sandbox.allNotifications()
      return all.length && all.every((n) => n.state !== "pending")
        ? all
        : undefined
    })
    expect(delivered.at(-1)!.attempts.at(-1)!.status).toBe(200)
    expect(await events.pending()).toBeGreaterThan(0)

    // back with its key: the waiting event makes its order, its catch-up at start the one that failed; once each
    await startWorker()
    await notificationsProcessed(suite)
    expect(await made(second.cart.id, second.session.id)).toEqual({
      orders: 1,
      payments: 1,
    })
    await eventually(
      "the failed notification's order and payment, made by the worker's catch-up",
      async () => {
        const { orders, payments } = await made(first.cart.id, first.session.id)
        return orders && payments ? true : undefined
      },
      60_000
    )
    await runReconcileJob(container(), databaseUrl())
    await runReconcileJob(container(), databaseUrl())
    for (const paid of [first, second])
      expect(await made(paid.cart.id, paid.session.id)).toEqual({
        orders: 1,
        payments: 1,
      })
    const healthy = await eventually("the worker's report", async () => {
      const answer = await settingsAnswer(shop)
      return answer.background.warning === null &&
        answer.instance_faults.length === 0
        ? answer
        : undefined
    })
    expect(healthy.instances).toContainEqual(
      expect.objectContaining({ role: "worker", live: true, self: false })
    )
  })

  it("a worker fixed after holding back a 3-D Secure order, a hosted order and a due capture makes all three within 60 s of its restart, each once", async () => {
    await startWorker({ ACQUIRING_SETTINGS_KEY: undefined })
    const shop = await openShop()
    expectStatus(
      await shop.admin.post(
        `${SETTINGS}/accounts`,
        sandboxAccountBody(sandbox, backendUrl, {
          capture_on: "fulfilment",
          three_d_secure: "always",
        })
      ),
      200,
      "account"
    )
    // the server takes the payments; the worker, without the key, can act on none of what follows
    const direct = await placeDirectOrder(shop)
    const transactionId = direct.paid.data.transaction_id
    await fulfil(shop, direct.order.id)
    const challenged = await challengedShopperGone(shop)
    const hosted = await hostedShopperGone(shop)
    await notificationsProcessed(suite)
    await events.idle()
    for (const paid of [challenged, hosted])
      expect(await made(paid.cart.id, paid.session.id)).toEqual({
        orders: 0,
        payments: 0,
      })
    expect((await sandbox.transaction(transactionId)).state).toBe("authorised")

    // restarted with its key: its start-up catch-up makes all three, no job run
    const restartedAt = Date.now()
    await startWorker()
    const readyAt = Date.now()
    const caughtUp = async () => {
      const orders = await Promise.all(
        [challenged, hosted].map((paid) => made(paid.cart.id, paid.session.id))
      )
      const captured = (await adminPayment(shop, direct.order.id)).captured_at
      return orders.every((o) => o.orders === 1) && captured ? true : undefined
    }
    await eventually("the three made after the fix", caughtUp, 60_000)
    console.info(
      `[catch-up] 3-D Secure order, hosted order and due capture made ${Date.now() - restartedAt} ms after the restart began (${Date.now() - readyAt} ms after the worker was up)`
    )

    // once each: the job later makes nothing more
    await runReconcileJob(container(), databaseUrl())
    await runReconcileJob(container(), databaseUrl())
    for (const paid of [challenged, hosted])
      expect(await made(paid.cart.id, paid.session.id)).toEqual({
        orders: 1,
        payments: 1,
      })
    expect(
      (await capturesOf(sandbox, transactionId)).filter((r) =>
        CAPTURE_MADE.test(r.summary)
      )
    ).toHaveLength(1)
    expect(await sandbox.transaction(transactionId)).toMatchObject({
      state: "captured",
      captured_amount: direct.paid.data.amount,
    })
    expect(
      (await adminPayment(shop, direct.order.id)).captures.map((c: any) =>
        Number(c.amount)
      )
    ).toEqual([Number(direct.paid.data.amount)])
  })

  it("card, 3-D Secure and hosted shoppers who never come back, a lost answer, capture on fulfilment, a refund and a settings change: the server answers, the worker acts", async () => {
    if (!worker || !workerHasKey) await startWorker()
    const shop = await openShop()
    const { account } = expectStatus(
      await shop.admin.post(
        `${SETTINGS}/accounts`,
        sandboxAccountBody(sandbox, backendUrl, {
          capture_on: "fulfilment",
          three_d_secure: "always",
        })
      ),
      200,
      "account"
    )

    // a direct card, captured by the worker when the server records the fulfilment, then part refunded
    const direct = await placeDirectOrder(shop)
    await fulfil(shop, direct.order.id)
    await events.idle()
    const captured = await adminPayment(shop, direct.order.id)
    expect(captured.captured_at).toBeTruthy()
    const transactionId = direct.paid.data.transaction_id
    expect(await sandbox.transaction(transactionId)).toMatchObject({
      state: "captured",
      captured_amount: direct.paid.data.amount,
    })
    expectStatus(
      await shop.admin.post(`/admin/payments/${captured.id}/refund`, {
        amount: 5,
      }),
      200,
      "refund"
    )
    expect(
      (await sandbox.transaction(transactionId)).refunds.map(
        (r: { refund_amount: string }) => r.refund_amount
      )
    ).toEqual(["5.00"])

    // 3-D Secure passed at the issuer, the shopper's browser never returns: the worker makes the order
    const challenged = await challengedShopperGone(shop)
    // the hosted page's shopper too
    const hosted = await hostedShopperGone(shop)
    await notificationsProcessed(suite)
    for (const paid of [challenged, hosted])
      expect(await made(paid.cart.id, paid.session.id)).toEqual({
        orders: 1,
        payments: 1,
      })

    // an authorisation whose answer is lost: settled by the notification and the job, once
    await sandbox.injectFault({
      operation: "authorise",
      kind: "connection_reset",
      after_processing: true,
      count: 1,
    })
    const lost = await cartWithSession(shop, CARD_PROVIDER)
    const answer = await submitCard(shop, lost.session.id, CARDS.approved)
    expect([200, 409]).toContain(answer.status)
    await notificationsProcessed(suite)
    await runReconcileJob(container(), databaseUrl())
    const lostOrder = await expectOrder(shop, lost.cart.id)
    expect(await made(lost.cart.id, lost.session.id)).toEqual({
      orders: 1,
      payments: 1,
    })
    expect((await adminPayment(shop, lostOrder.id)).data.status).toBe(
      "authorized"
    )
    expect(await unsettledOperations(databaseUrl())).toEqual([])

    // the merchant stops capturing on fulfilment on the server; the worker honours it
    expectStatus(
      await shop.admin.post(`${SETTINGS}/accounts/${account.id}`, {
        capture_on: "manual",
      }),
      200,
      "capture manually"
    )
    // the change's event reached the worker, which dropped its cached accounts on it
    await events.idle()
    const later = await placeDirectOrder(shop)
    await fulfil(shop, later.order.id)
    await events.idle()
    expect((await adminPayment(shop, later.order.id)).captured_at).toBeFalsy()
    expect(
      (await sandbox.transaction(later.paid.data.transaction_id)).state
    ).toBe("authorised")
  })

  it("subscription deductions: the worker makes each renewal from the notifications while the server's reconcile job asks after the same deductions; one order each, its payment captured", async () => {
    if (!worker || !workerHasKey) await startWorker()
    const shop = await openShop()
    expectStatus(
      await shop.admin.post(
        `${SETTINGS}/accounts`,
        sandboxAccountBody(sandbox, backendUrl)
      ),
      200,
      "account"
    )
    const cart = await shop.readyCart()
    const { session } = await openPaymentSession(
      shop.store,
      cart.id,
      CARD_PROVIDER,
      {
        device: SHOPPER_DEVICE,
        subscription: {
          contract_name: "Coffee club",
          contract_amount: "15.00",
          interval: "month",
          interval_count: "1",
        },
      }
    )
    expectStatus(await submitCard(shop, session.id, CARDS.approved), 200, "pay")
    const order = await expectOrder(shop, cart.id)
    const first = await sandbox.transaction(
      String((await adminPayment(shop, order.id)).data.transaction_id)
    )
    await sandbox.deduct(first.subscription.recurring_id, "approved")
    await sandbox.deduct(first.subscription.recurring_id, "approved")
    // two instances at once: the worker on the notifications, this server on the job
    await Promise.all([
      notificationsProcessed(suite),
      runReconcileJob(container(), databaseUrl()),
    ])
    await events.idle()
    await runReconcileJob(container(), databaseUrl())
    const renewals = expectStatus(
      await shop.admin.get(
        "/admin/orders?fields=id,metadata,payment_collections.payments.amount,payment_collections.payments.captured_at&limit=200"
      ),
      200,
      "orders"
    ).orders.filter((o: any) => o.metadata?.acquiring_renewal_of === order.id)
    expect(
      renewals.map((o: any) => o.metadata.acquiring_deduction).sort()
    ).toEqual([`${first.order_no}-R1`, `${first.order_no}-R2`])
    for (const renewal of renewals) {
      const payments = renewal.payment_collections.flatMap(
        (c: any) => c.payments
      )
      expect(payments).toHaveLength(1)
      expect(payments[0].amount).toBe(15)
      expect(payments[0].captured_at).toBeTruthy()
    }
    expect(await unsettledOperations(databaseUrl())).toEqual([])
  })

  it("names the worker that went silent, and since when, after another stopped cleanly before it was killed", async () => {
    await worker?.stop()
    worker = undefined
    const a = await startSecondInstance(databaseUrl(), {
      MEDUSA_WORKER_MODE: "worker",
    })
    const b = await startSecondInstance(databaseUrl(), {
      MEDUSA_WORKER_MODE: "worker",
    })
    const shop = await openShop()
    const reporting = (answer: Awaited<ReturnType<typeof settingsAnswer>>) =>
      [a.pid, b.pid].every((pid) =>
        answer.instances.some((i: any) => i.pid === pid && i.live)
      )
    await eventually("both workers' reports", async () =>
      reporting(await settingsAnswer(shop)) ? true : undefined
    )
    // a server up for under a minute still gives its worker that minute
    // (health.ts); this file's server is older unless this test runs alone
    await eventually(
      "the server up for longer than a worker may be silent",
      async () => {
        const self = (await settingsAnswer(shop)).instances.find(
          (i: any) => i.self
        )
        return Date.now() - Date.parse(self.started_at) > 61_000
          ? true
          : undefined
      },
      120_000
    )
    await a.stop()
    // B still reports: nothing waits
    expect((await settingsAnswer(shop)).background.warning).toBeNull()
    await b.kill()
    // a killed worker says nothing: it is seen gone once its reports stop for
    // 60 s. Neither runs any more, so the minute passes for their reports alone.
    await reportsAged([a.pid, b.pid], 30)
    // B's last report, at most a heartbeat (15 s) before its end, is now under 50 s old
    expect((await settingsAnswer(shop)).background.warning).toBeNull()
    await reportsAged([a.pid, b.pid], 31)
    const warned = await settingsAnswer(shop)
    const row = (pid: number) =>
      warned.instances.find((i: any) => i.pid === pid)
    expect(row(a.pid).stopped_at).toBeTruthy()
    expect(row(b.pid).stopped_at).toBeNull()
    expect(warned.background.warning).toMatch(
      new RegExp(
        `^No worker \\(or shared instance\\) has reported in the last 60 s: the worker on ${literal(hostname())} \\(pid ${b.pid}\\) has not reported since ${literal(row(b.pid).seen_at)} and did not say it stopped`
      )
    )
    expect(warned.background.warning).not.toContain(row(a.pid).stopped_at)
    expect(warned.background.warning).not.toContain(`pid ${a.pid}`)
  })
})
