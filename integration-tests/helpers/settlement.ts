import type { MedusaContainer } from "@medusajs/framework/types"
import { isDeepStrictEqual } from "node:util"
import { Client } from "pg"
import type { AcquiringSuite, Shop } from "./suite-types"
import { webhooksHandled } from "./webhook-tracker"
import { adminPayment } from "./checkout"
import { eventually, pollAgain } from "./polling"
import type { TestSandbox } from "./sandbox"
import { budget } from "../setup/time-budget"
import { loadedPluginModule } from "../setup/plugin-snapshot"

/** The reconcile job leaves alone what was touched in the last minutes (and journalled operations within their grace period); the tests age records past that. */
const AGE_MINUTES = 11

/**
 * Waits until the sandbox has sent every notification it queued (delivered
 * or given up) and Medusa has finished with every webhook they caused: the
 * tracker sees the last subscriber of each one return; another instance's
 * tracker, for those sent there (`second-instance.ts`).
 */
export async function notificationsProcessed(
  suite: Pick<AcquiringSuite, "sandbox" | "webhooks" | "backendUrl">,
  since = 0
): Promise<void> {
  const all = await eventually(
    "the sandbox to send every queued notification",
    async () => {
      const notifications = await suite.sandbox.allNotifications()
      return notifications.some((n) => n.state === "pending")
        ? undefined
        : notifications
    }
  )
  await webhooksHandled(suite, all.slice(since))
}

/**
 * One run of the plugin's reconcile job, as the scheduler would run it some
 * minutes later: the acquiring payment sessions, payments and journalled
 * operations are aged first.
 */
export async function runReconcileJob(
  container: MedusaContainer,
  databaseUrl: string
): Promise<void> {
  const client = new Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    // the plugin's operations journal too: lost refunds are settled after a grace period
    for (const table of ["payment_session", "payment", "acquiring_operation"]) {
      await client.query(
        `UPDATE ${table} SET updated_at = updated_at - interval '${AGE_MINUTES} minutes',
           created_at = created_at - interval '${AGE_MINUTES} minutes'
         WHERE provider_id LIKE 'pp_acquiring-%'`
      )
    }
    // and the payments' history beside the journal, so its order holds
    await client.query(
      `UPDATE acquiring_payment_event SET created_at = created_at - interval '${AGE_MINUTES} minutes'`
    )
  } finally {
    await client.end()
  }
  const job = loadedPluginModule<
    typeof import("../../src/jobs/reconcile-acquiring")
  >("jobs/reconcile-acquiring")
  await job.default(container)
}

/** Notifications and events processed, one run of the reconcile job, then what the job set off. */
export async function settle(suite: AcquiringSuite): Promise<void> {
  await notificationsProcessed(suite)
  await runReconcileJob(suite.container(), suite.databaseUrl())
  await notificationsProcessed(suite)
}

/** The money of one payment as the acquirer holds it. */
export async function acquirerMoney(
  sandbox: TestSandbox,
  transactionId: string
) {
  const tx = await sandbox.transaction(transactionId)
  return {
    state: tx.state,
    captured_amount: (tx.captured_amount as string | undefined) ?? null,
    refunds: (tx.refunds as { refund_amount: string }[]).map(
      (r) => r.refund_amount
    ),
  }
}

/** The money of an order's single payment as Medusa records it (amounts in major units). */
export async function medusaMoney(shop: Shop, orderId: string) {
  const payment = await adminPayment(shop, orderId)
  return {
    captures: (payment.captures ?? []).map((c: { amount: unknown }) =>
      Number(c.amount)
    ),
    refunds: (payment.refunds ?? []).map((r: { amount: unknown }) =>
      Number(r.amount)
    ),
    canceled: payment.canceled_at != null,
  }
}

export type Money = {
  acquirer: Awaited<ReturnType<typeof acquirerMoney>>
  medusa: Awaited<ReturnType<typeof medusaMoney>>
}

export async function moneyOf(
  sandbox: TestSandbox,
  shop: Shop,
  orderId: string,
  transactionId: string
): Promise<Money> {
  return {
    acquirer: await acquirerMoney(sandbox, transactionId),
    medusa: await medusaMoney(shop, orderId),
  }
}

/** Polls until both sides show `expected`, then asserts it (the diff names what differs). */
export async function expectMoneyEventually(
  read: () => Promise<Money>,
  expected: Money,
  referenceMs = 20_000
): Promise<void> {
  const deadline = Date.now() + budget(referenceMs)
  let money = await read()
  while (!isDeepStrictEqual(money, expected) && Date.now() < deadline) {
    await pollAgain()
    money = await read()
  }
  expect(money).toEqual(expected)
}
