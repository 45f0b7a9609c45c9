import type { ICacheService, MedusaContainer } from "@medusajs/framework/types"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { Modules } from "@medusajs/framework/utils"
import { LOCAL_STACK_APP_DIR } from "../../dev/local-stack"
import { TEST_JWT_SECRET } from "../../dev/local-stack/app-constants"
import { createAdminHeaders } from "../../dev/local-stack/admin-user"
import { scanForCards } from "./card-data-scan"
import { httpClient, type HttpClient } from "../../dev/store-client/http-client"
import {
  captureLogs,
  linesWithCardData,
  linesWithCardNumbers,
} from "./log-capture"
import { startTestSandbox } from "./sandbox"
import {
  seedStore,
  USD_REGION,
  type SeededStore,
} from "../../dev/local-stack/seed-store"
import { createReadyCart, storeApi } from "../../dev/store-client/storefront"
import { CARD_SECRETS } from "./test-cards"
import {
  cartBlueprint,
  cartCopies,
  kindOf,
  type CartBlueprint,
  type CartCopies,
} from "./cart-copies"
import { copyMigratedDatabase, fileDatabaseName } from "./database-copy"
import { notificationsProcessed } from "./settlement"
import { loadedPluginModule } from "../setup/plugin-snapshot"
import { trackWebhooks, type WebhookTracker } from "./webhook-tracker"
import { clearDeploymentRedis, eventQueueTracker } from "./redis-events"
import type { AcquiringSuite, ReadyCartOptions, Shop } from "./suite-types"

export const CARD_PROVIDER = "pp_acquiring-card_acquiring"
export const HOSTED_PROVIDER = "pp_acquiring-hosted_acquiring"

/** A hosted page opened this recently is taken for another tab's (money/hosted-checkout.ts). */
export const REOPEN_GUARD_MS = 5_000

/** Default carts of the file's store built before its snapshot (Shop.readyCart). */
const POOLED_CARTS = 2

/** How long Medusa 2.21 waits before processing a received webhook (its route's default). */
export const MEDUSA_WEBHOOK_DELAY_MS = 5_000

/**
 * How long after a webhook arrives Medusa processes it, in specs that do not
 * test that delay. Medusa's webhook route waits `options.webhook_delay` of the
 * payment module, which 2.21's module never sets from medusa-config; the
 * suite sets it on the module's instance so no test waits out 5 s per
 * notification. ACQUIRING_TEST_WEBHOOK_DELAY_MS overrides it.
 */
export const WEBHOOK_DELAY_MS = Number(
  process.env.ACQUIRING_TEST_WEBHOOK_DELAY_MS ?? 50
)

export type SuiteOptions = {
  /** Keep Medusa's own 5 s webhook delay (specs about notifications racing the storefront). */
  medusaWebhookDelay?: boolean
  /**
   * Seed a new store at every `openShop()` (its own publishable key, sales
   * channel and admin): for specs counting what one key did or needing
   * other regions. Otherwise one store (USD, one region: the example
   * storefront shops in the first region it lists) is seeded once, before
   * the file's database snapshot, and every test's `openShop()` finds it
   * restored with the database.
   */
  shopPerTest?: boolean
}

export type { AcquiringSuite, Shop } from "./suite-types"

/**
 * One Medusa app with the plugin and one sandbox per test file. The sandbox
 * starts first, because the provider reads its address when Medusa boots.
 * After every test the whole database and everything logged (at debug
 * level) are searched for card data.
 */
export function acquiringSuite(testSuite: (suite: AcquiringSuite) => void): void
export function acquiringSuite(
  options: SuiteOptions,
  testSuite: (suite: AcquiringSuite) => void
): void
export function acquiringSuite(
  first: SuiteOptions | ((suite: AcquiringSuite) => void),
  second?: (suite: AcquiringSuite) => void
): void {
  const [options, testSuite] =
    typeof first === "function" ? [{}, first] : [first, second!]
  const webhookDelay = options.medusaWebhookDelay
    ? MEDUSA_WEBHOOK_DELAY_MS
    : WEBHOOK_DELAY_MS
  const sandbox = startTestSandbox()
  const logs = captureLogs()
  const backendUrl = () => `http://127.0.0.1:${process.env.PORT}`
  let tracker: (WebhookTracker & { received?(): number }) | undefined
  let keptByMedusa: { table: string; column: string; run: string }[] = []
  let loggedByMedusa: RegExp[] = []
  let eventQueue: ReturnType<typeof eventQueueTracker> | undefined

  // the file's database starts as a copy of the run's migrated one
  const dbName = fileDatabaseName()
  medusaIntegrationTestRunner({
    dbName,
    hooks: { beforeServerStart: () => copyMigratedDatabase(dbName) },
    medusaConfigFile: LOCAL_STACK_APP_DIR,
    testSuite: ({ getContainer, dbConfig, utils }) => {
      const suite: AcquiringSuite = {
        sandbox,
        backendUrl,
        databaseUrl: () => dbConfig.clientUrl,
        container: () => getContainer(),
        logs,
        webhooks: {
          received: () => {
            const count = tracker?.received?.()
            if (count === undefined)
              throw new Error(
                "webhooks queued are counted on Medusa's local event bus only"
              )
            return count
          },
          inFlight: () => tracker?.inFlight() ?? 0,
          idle: () => tracker?.idle() ?? Promise.resolve(),
        },
        keptByMedusa: (hit) => keptByMedusa.push(hit),
        loggedByMedusa: (line) => loggedByMedusa.push(line),
        async openShop(regions) {
          // asked for regions: a store of its own beside the file's (another sales channel and key)
          const { seeded, adminHeaders } =
            (!regions && defaultShop) || (await seedShop(regions))
          const store = storeApi(backendUrl, () => seeded.publishableKey)
          const pooled = seeded === defaultShop?.seeded
          if (pooled) copiesOf(store, seeded).known(defaultBlueprint!)
          return {
            seeded,
            store,
            admin: httpClient(backendUrl, () => adminHeaders),
            // `this`: a test may copy the shop with a signed-in customer's store client
            async readyCart(this: Shop, cartOptions: ReadyCartOptions = {}) {
              if (
                pooled &&
                this.store === store &&
                kindOf(cartOptions) === kindOf() &&
                cartsTaken < pooledCarts.length
              )
                return structuredClone(pooledCarts[cartsTaken++])
              return copiesOf(this.store, seeded).cart(cartOptions)
            },
            async stored(sessionId: string) {
              const payments = getContainer().resolve(Modules.PAYMENT)
              const [session] = await payments.listPaymentSessions({
                id: sessionId,
              })
              return session && privateState(getContainer(), session.data)
            },
            state: (data: any) => privateState(getContainer(), data),
            async backdateAttempts(sessionId: string, ms: number) {
              const states = sessionStates(getContainer())
              const state: any = (
                await states.readSessionStates([sessionId])
              ).get(sessionId)
              for (const attempt of state.attempts)
                attempt.at = new Date(Date.parse(attempt.at) - ms).toISOString()
              await states.writeSessionState(sessionId, state)
            },
          }
        },
      }

      // stores seeded into the database as the test found it (the file's own counts)
      let storesInDatabase = 0
      // the pooled carts as the snapshot has them, each handed out once a test
      const pooledCarts: { id: string }[] = []
      let cartsTaken = 0
      // the rows of the first, copied once a test has taken them all
      let defaultBlueprint: CartBlueprint | undefined
      // per store client (the shop's, a signed-in customer's), the carts it can copy
      const copies = new WeakMap<HttpClient, CartCopies>()
      function copiesOf(client: HttpClient, seeded: SeededStore) {
        let known = copies.get(client)
        if (!known) {
          known = cartCopies(getContainer, client, seeded)
          copies.set(client, known)
        }
        return known
      }
      beforeEach(() => {
        storesInDatabase = defaultShop ? 1 : 0
        cartsTaken = 0
      })
      async function seedShop(regions = [USD_REGION]) {
        const seeded = await seedStore(getContainer(), {
          paymentProviders: [CARD_PROVIDER, HOSTED_PROVIDER],
          regions,
          ...(storesInDatabase ? { suffix: `-${storesInDatabase + 1}` } : {}),
        })
        storesInDatabase += 1
        const adminHeaders = await createAdminHeaders(
          getContainer(),
          TEST_JWT_SECRET
        )
        return { seeded, adminHeaders }
      }
      let defaultShop: Awaited<ReturnType<typeof seedShop>> | undefined

      // Medusa's runner snapshots the database after the file's beforeAll
      // hooks: the store seeded here is restored before every test.
      beforeAll(async () => {
        if (!getContainer() || options.shopPerTest) return
        defaultShop = await seedShop()
        const { seeded } = defaultShop
        const store = storeApi(backendUrl, () => seeded.publishableKey)
        for (let i = 0; i < POOLED_CARTS; i++)
          pooledCarts.push(await createReadyCart(store, seeded))
        defaultBlueprint = await cartBlueprint(
          getContainer(),
          pooledCarts[0].id
        )
        await utils.waitWorkflowExecutions()
      })

      beforeAll(() => {
        const payments = getContainer()?.resolve(Modules.PAYMENT) as
          { options?: Record<string, unknown> } | undefined
        if (payments)
          payments.options = {
            ...payments.options,
            webhook_delay: webhookDelay,
          }
        if (!getContainer()) return
        // a server on Redis hands webhooks to a worker: the event queue tells when they are handled
        if (process.env.ACQUIRING_TEST_DEPLOYMENT === "redis") {
          eventQueue = eventQueueTracker()
          tracker = eventQueue
        } else tracker = trackWebhooks(getContainer())
      })

      afterAll(async () => {
        if (!eventQueue) return
        await eventQueue.close()
        await clearDeploymentRedis()
      })

      let notificationsBefore = 0
      beforeEach(async () => {
        keptByMedusa = []
        loggedByMedusa = []
        notificationsBefore = (await sandbox.allNotifications()).length
        if (getContainer()) await forgetWhatTheAppKept(getContainer())
      })

      afterEach(async () => {
        if (!getContainer()) {
          return // Medusa did not boot; the runner reports why
        }
        // Medusa acts on this test's notifications (its webhook subscriber runs
        // after its delay) while this test's data is still there, so the next
        // test's restored database never sees them.
        await notificationsProcessed(suite, notificationsBefore)
        await utils.waitWorkflowExecutions()

        const label = expect.getState().currentTestName ?? ""
        const { cardData, cardNumbers } = await scanForCards(
          dbConfig.clientUrl,
          CARD_SECRETS,
          label
        )
        expect(cardData).toEqual([])
        expect(linesWithCardData(logs.lines(), CARD_SECRETS)).toEqual([])
        // any card number, not only the test cards planted above
        const kept = keptByMedusa
        expect(
          cardNumbers
            .filter(
              (hit) =>
                !kept.some(
                  (k) =>
                    k.table === hit.table &&
                    k.column === hit.column &&
                    k.run === hit.run
                )
            )
            // one line a hit, where and in what, so a shortened report still says it
            .map(
              (hit) =>
                `${hit.table}.${hit.column}: ${hit.run} in …${hit.context}…`
            )
        ).toEqual([])
        const medusaLines = loggedByMedusa
        expect(
          linesWithCardNumbers(
            logs
              .lines()
              .filter((line) => !medusaLines.some((known) => known.test(line))),
            label
          )
        ).toEqual([])
        logs.clear()
      })

      testSuite(suite)
    },
  })
}

/**
 * The runner has just put the database back under the running app, which no
 * store ever does: what the plugin kept of the old one goes with it. Its
 * accounts as last read (checked again only a second later), and its keys in
 * Medusa's cache: the methods recommended per cart id, which the pooled
 * carts repeat in every test (a 10 s "cards only" after a failed ask), the
 * chargeback watch's cursor, the hosted pages.
 */
async function forgetWhatTheAppKept(container: MedusaContainer) {
  loadedPluginModule<typeof import("../../src/accounts/account-source")>(
    "accounts/account-source"
  )
    .accountSource()
    .invalidate()
  await container
    .resolve<ICacheService>(Modules.CACHE, { allowUnregistered: true })
    ?.invalidate("acquiring:*")
}

type SessionStates = {
  readSessionStates(ids: string[]): Promise<Map<string, unknown>>
  writeSessionState(id: string, data: Record<string, unknown>): Promise<void>
}

function sessionStates(container: MedusaContainer): SessionStates {
  return container.resolve<SessionStates>("acquiring")
}

/** The row of the plugin's session-state table behind `data`, else `data` itself (the old shape). */
async function privateState(container: MedusaContainer, data: any) {
  const id = data?.session_id
  if (typeof id !== "string") return data
  const states = await sessionStates(container).readSessionStates([id])
  return states.get(id) ?? data
}
