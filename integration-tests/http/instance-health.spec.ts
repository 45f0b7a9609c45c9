import { randomBytes } from "node:crypto"
import { Client } from "pg"
import { submitForm } from "../../dev/store-client/browser"
import { sandboxAccountBody } from "../helpers/sandbox-account"
import { acquiringSuite } from "../helpers/acquiring-suite"
import {
  adminPayment,
  expectOrder,
  hostedCardFields,
  openHostedPage,
  placeDirectOrder,
} from "../helpers/checkout"
import { eventually } from "../helpers/polling"
import { accountCapturingOn } from "../helpers/fulfilment"
import { captureWhenDue } from "../../src/capture/capture-when-due"
import { startSecondInstance } from "../helpers/second-instance"
import { ordersMade } from "../helpers/orders-made"
import { notificationsProcessed, runReconcileJob } from "../helpers/settlement"
import { CARDS } from "../helpers/test-cards"
import { budget } from "../setup/time-budget"

jest.setTimeout(budget(300_000))

// Booted with no provider options: the account saved in the admin serves, its sign key sealed
process.env.ACQUIRING_TEST_EMPTY_OPTIONS = "1"
const SETTINGS_KEY = randomBytes(32).toString("hex")
process.env.ACQUIRING_SETTINGS_KEY = SETTINGS_KEY

const SETTINGS = "/admin/acquiring/settings"

type Answer = {
  faults: { reason: string }[]
  instance_faults: {
    reason: string
    role: string
    instances: number
    account_id: string | null
  }[]
  instances: { role: string; live: boolean; self: boolean }[]
  background: { seen_at: string | null; warning: string | null }
}

/**
 * Server and worker alike report their configuration faults with their
 * role into the database: the admin, answered by one instance, tells what
 * another cannot do.
 */
acquiringSuite((suite) => {
  const { sandbox, openShop, backendUrl, databaseUrl, container } = suite
  afterEach(() => {
    process.env.ACQUIRING_SETTINGS_KEY = SETTINGS_KEY
  })

  const made = (cartId: string, sessionId: string) =>
    ordersMade(databaseUrl(), cartId, sessionId)

  /** The deferred-work rows kept beside the sessions' states. */
  async function deferredRows(): Promise<string[]> {
    const db = new Client({ connectionString: databaseUrl() })
    await db.connect()
    try {
      const { rows } = await db.query(
        `select id from acquiring_session_state where id like 'deferred:%' and deleted_at is null order by id`
      )
      return rows.map((row) => row.id)
    } finally {
      await db.end()
    }
  }

  it("keeps a notification this instance cannot verify for lack of its settings key, and catches up at once when the key is back and the settings change: the order made once", async () => {
    const shop = await openShop()
    const created = await shop.admin.post(
      `${SETTINGS}/accounts`,
      sandboxAccountBody(sandbox, backendUrl)
    )
    expect(created.status).toBe(200)
    const { cart, session, payForm } = await openHostedPage(shop, backendUrl())

    // the instance loses its key (as a worker started without it); a save makes it read the account again
    delete process.env.ACQUIRING_SETTINGS_KEY
    const renamed = await shop.admin.post(
      `${SETTINGS}/accounts/${created.data.account.id}`,
      { name: "Sandbox main" }
    )
    expect(renamed.status).toBe(200)

    // the shopper pays on the hosted page and never comes back: only the notification tells
    const paid = await submitForm(payForm, hostedCardFields(CARDS.approved), {
      followRedirects: false,
    })
    expect(paid.visits[0].status).toBe(303)
    await notificationsProcessed(suite)
    expect(await made(cart.id, session.id)).toEqual({ orders: 0, payments: 0 })
    expect(await deferredRows()).toEqual([
      `deferred:notification:${session.id}`,
    ])

    // fixed: the key back and a settings change; no job run, no 10 quiet minutes waited
    process.env.ACQUIRING_SETTINGS_KEY = SETTINGS_KEY
    const fixedAt = Date.now()
    expect(
      (
        await shop.admin.post(
          `${SETTINGS}/accounts/${created.data.account.id}`,
          { name: "Sandbox" }
        )
      ).status
    ).toBe(200)
    // Medusa links the order to the cart before it authorises the session: wait for both
    await eventually(
      "the kept notification's order and payment",
      async () => {
        const { orders, payments } = await made(cart.id, session.id)
        return orders && payments ? true : undefined
      },
      60_000
    )
    console.info(
      `[catch-up] the kept notification's order made ${Date.now() - fixedAt} ms after the fix`
    )
    expect(await made(cart.id, session.id)).toEqual({ orders: 1, payments: 1 })
    // the catch-up drops the kept row after the order is made: wait for its end, not only the order
    await eventually(
      "the catch-up dropping its kept row",
      async () => ((await deferredRows()).length ? undefined : true),
      60_000
    )
    expect(await deferredRows()).toEqual([])
    // the job later makes nothing more
    await runReconcileJob(container(), databaseUrl())
    await runReconcileJob(container(), databaseUrl())
    expect(await made(cart.id, session.id)).toEqual({ orders: 1, payments: 1 })
    const order = await expectOrder(shop, cart.id)
    expect(order.id).toBeTruthy()
  })

  it("keeps a capture due on fulfilment this instance cannot make for lack of its settings key, and catches up at once when the key is back: captured once", async () => {
    const shop = await openShop()
    await accountCapturingOn({ sandbox, backendUrl }, shop, "fulfilment")
    const { order, paid } = await placeDirectOrder(shop)
    const [account] = (await shop.admin.get(SETTINGS)).data.accounts

    delete process.env.ACQUIRING_SETTINGS_KEY
    expect(
      (
        await shop.admin.post(`${SETTINGS}/accounts/${account.id}`, {
          name: "Sandbox main",
        })
      ).status
    ).toBe(200)
    // what the fulfilment's subscriber runs
    const outcomes = await captureWhenDue(container(), order.id, "fulfilment")
    expect(outcomes).toEqual([
      expect.objectContaining({
        outcome: "unsettled",
        message: expect.stringMatching(/ACQUIRING_SETTINGS_KEY/),
      }),
    ])
    expect((await sandbox.transaction(paid.data.transaction_id)).state).toBe(
      "authorised"
    )

    process.env.ACQUIRING_SETTINGS_KEY = SETTINGS_KEY
    const fixedAt = Date.now()
    expect(
      (
        await shop.admin.post(`${SETTINGS}/accounts/${account.id}`, {
          name: "Sandbox",
        })
      ).status
    ).toBe(200)
    await eventually(
      "the due capture",
      async () =>
        (await adminPayment(shop, order.id)).captured_at ? true : undefined,
      60_000
    )
    console.info(
      `[catch-up] the due capture made ${Date.now() - fixedAt} ms after the fix`
    )
    await runReconcileJob(container(), databaseUrl())
    await runReconcileJob(container(), databaseUrl())
    const payment = await adminPayment(shop, order.id)
    expect(payment.captured_at).toBeTruthy()
    expect(payment.captures).toHaveLength(1)
    const transaction = await sandbox.transaction(paid.data.transaction_id)
    expect(transaction.state).toBe("captured")
    expect(transaction.captured_amount).toBe(paid.data.amount)
  })

  it("shows the fault of a worker started without ACQUIRING_SETTINGS_KEY, by its role, on the admin of another instance", async () => {
    const shop = await openShop()
    const created = await shop.admin.post(
      `${SETTINGS}/accounts`,
      sandboxAccountBody(sandbox, backendUrl)
    )
    expect(created.status).toBe(200)
    const accountId = created.data.account.id

    const worker = await startSecondInstance(databaseUrl(), {
      ACQUIRING_SETTINGS_KEY: undefined,
      MEDUSA_WORKER_MODE: "worker",
    })
    try {
      // the worker reports when it starts; this instance (shared) answers the admin
      const answer = await eventually(
        "the worker's fault on the admin",
        async () => {
          const data = (await shop.admin.get(SETTINGS)).data as Answer
          return data.instance_faults.length ? data : undefined
        },
        60_000
      )
      // this instance holds the key: nothing refuses payments here
      expect(answer.faults).toEqual([])
      expect(answer.instance_faults).toEqual([
        expect.objectContaining({
          role: "worker",
          instances: 1,
          account_id: accountId,
          reason: expect.stringMatching(
            /^The worker cannot decrypt the sign key of the account "Sandbox": set ACQUIRING_SETTINGS_KEY on it/
          ),
        }),
      ])
      expect(answer.instance_faults[0].reason).toMatch(
        /queued notifications \(a server handles the others at once\), captures on fulfilment or shipment/
      )
      expect(answer.instances).toContainEqual(
        expect.objectContaining({ role: "worker", live: true, self: false })
      )
      // a worker reports: nothing is said to be waiting
      expect(answer.background.warning).toBeNull()
    } finally {
      await worker.stop()
    }
  })
})
