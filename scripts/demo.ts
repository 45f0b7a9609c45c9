/**
 * `npm run demo`: a whole store on this machine, nothing but loopback.
 * Starts an embedded PostgreSQL (or uses ACQUIRING_TEST_DATABASE_URL), the
 * sandbox acquiring service and a Medusa app with the plugin; seeds a region,
 * a product and carts; runs one direct card checkout and one hosted checkout
 * through the store and admin HTTP APIs; prints every step and the final
 * states; stops everything.
 */
import "../integration-tests/setup/quiet-logs"
import { randomBytes } from "node:crypto"
import { join } from "node:path"
import {
  STOREFRONT_RETURN_URL,
  TEST_JWT_SECRET,
} from "../integration-tests/app-constants"
import { createAdminHeaders } from "../integration-tests/helpers/admin-auth"
import { formsOf, submitForm } from "../integration-tests/helpers/browser"
import {
  expectStatus,
  httpClient,
} from "../integration-tests/helpers/http-client"
import { seedStore, USD_REGION } from "../integration-tests/helpers/seed-store"
import {
  completeCart,
  createReadyCart,
  openPaymentSession,
  storeApi,
} from "../integration-tests/helpers/storefront"
import {
  DATABASE_URL_VARIABLE,
  databaseEnvFromUrl,
  freeLoopbackPort,
  startEmbeddedDatabase,
} from "../integration-tests/setup/database"
import { keepServersOnLoopback } from "../integration-tests/setup/loopback-listen"
import { DEFAULT_SANDBOX_ACCOUNT, startSandbox } from "../src/sandbox"

const PACKAGE_ROOT = join(__dirname, "..")
const APP_DIR = join(PACKAGE_ROOT, "integration-tests")
const CARD = "4242424242424242"
const CARD_FIELDS = {
  expiry_month: "12",
  expiry_year: "2031",
  security_code: "918",
}

let stepNumber = 0
function step(text: string): void {
  stepNumber += 1
  console.log(`\n[${String(stepNumber).padStart(2, "0")}] ${text}`)
}
function show(label: string, value: unknown): void {
  console.log(
    `     ${label}: ${typeof value === "string" ? value : JSON.stringify(value)}`
  )
}

type Cleanup = () => Promise<unknown> | unknown
const cleanups: Cleanup[] = []

async function stopAll(): Promise<void> {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup()
    } catch (error) {
      console.error(`     (while stopping: ${(error as Error).message})`)
    }
  }
}

async function main(): Promise<void> {
  keepServersOnLoopback()

  const existing = process.env[DATABASE_URL_VARIABLE]
  step(
    existing
      ? `Using the PostgreSQL named by ${DATABASE_URL_VARIABLE}`
      : "Starting an embedded PostgreSQL on localhost"
  )
  const database = existing ? undefined : await startEmbeddedDatabase()
  if (database) cleanups.push(() => database.stop())
  const dbEnv = existing ? databaseEnvFromUrl(existing) : database!.env
  Object.assign(process.env, dbEnv)
  show("server", `localhost:${dbEnv.DB_PORT}`)

  step("Starting the sandbox acquiring service")
  const sandbox = await startSandbox({
    port: 0,
    accounts: [DEFAULT_SANDBOX_ACCOUNT],
  })
  cleanups.push(() => sandbox.close())
  show("sandbox", sandbox.url)
  Object.assign(process.env, {
    ACQUIRING_SANDBOX_URL: sandbox.url,
    ACQUIRING_MERCHANT_ID: DEFAULT_SANDBOX_ACCOUNT.merchant_id,
    ACQUIRING_ACCOUNT_ID: DEFAULT_SANDBOX_ACCOUNT.account_id,
    ACQUIRING_SIGN_KEY: DEFAULT_SANDBOX_ACCOUNT.sign_key,
    PORT: String(await freeLoopbackPort()),
  })

  step(
    "Booting Medusa with the plugin (create database, migrate, sync links, listen)"
  )
  const app = await bootMedusa(
    `medusa_acquiring_demo_${randomBytes(3).toString("hex")}`
  )
  cleanups.push(() => app.stop())
  const backend = `http://127.0.0.1:${app.port}`
  show("medusa", backend)

  await runCheckouts(app.container, backend, sandbox.url)
}

/** Boots Medusa the way @medusajs/test-utils' integration runner does, outside jest. */
async function bootMedusa(dbName: string) {
  // Loaded only now: these modules read DB_* when they load.
  const runner = require("@medusajs/test-utils/dist/medusa-test-runner-utils")
  const { getDatabaseURL } = require("@medusajs/test-utils/dist/database")
  const { asValue } = require("@medusajs/framework/awilix")
  const { logger } = require("@medusajs/framework/logger")
  const { Migrator } = require("@medusajs/framework/migrations")
  const {
    ContainerRegistrationKeys,
    getResolvedPlugins,
    mergePluginModules,
  } = require("@medusajs/framework/utils")

  const credentials = {
    user: process.env.DB_USERNAME,
    password: process.env.DB_PASSWORD,
    host: process.env.DB_HOST,
    port: Number(process.env.DB_PORT),
  }
  await runner.createDatabase(
    { databaseName: dbName, errorIfExist: false },
    credentials
  )
  await runner.configLoaderOverride(APP_DIR, {
    clientUrl: getDatabaseURL(dbName),
    debug: false,
  })

  const {
    container,
    MedusaAppLoader,
    pgConnectionLoader,
  } = require("@medusajs/framework")
  const appLoader = new MedusaAppLoader({
    medusaConfigPath: APP_DIR,
    cwd: APP_DIR,
  })
  const configModule = container.resolve(
    ContainerRegistrationKeys.CONFIG_MODULE
  )
  mergePluginModules(
    configModule,
    await getResolvedPlugins(APP_DIR, configModule),
    APP_DIR
  )
  container.register({ [ContainerRegistrationKeys.LOGGER]: asValue(logger) })
  const pgConnection = await pgConnectionLoader()

  await new Migrator({ container }).ensureMigrationsTable()
  await runner.migrateDatabase(appLoader)
  await runner.syncLinks(appLoader, APP_DIR, container, logger)
  await runner.clearInstances()
  const { loadSearchIndexes } = require("@medusajs/medusa/loaders/search")
  await loadSearchIndexes({
    plugins: await getResolvedPlugins(APP_DIR, configModule, true),
    configModule,
    logger,
  })
  await appLoader.load()
  await runner.migrateSearchIndexes(container, logger)

  const started = await runner.startApp({ cwd: APP_DIR, env: {} })
  return {
    port: started.port as number,
    container: started.container,
    async stop() {
      await started.shutdown()
      await runner.clearInstances()
      await pgConnection?.destroy?.()
      await runner
        .dropDatabase(
          { databaseName: dbName, errorIfNonExist: false },
          credentials
        )
        .catch(() => undefined)
      await runner.closeWaitingroomClient()
    },
  }
}

async function runCheckouts(
  container: any,
  backend: string,
  sandboxUrl: string
): Promise<void> {
  step(
    "Seeding the store: sales channel, publishable key, USD region, warehouse, shipping option, product"
  )
  const seeded = await seedStore(container, {
    paymentProviders: [
      "pp_acquiring-card_acquiring",
      "pp_acquiring-hosted_acquiring",
    ],
    regions: [USD_REGION],
  })
  const store = storeApi(
    () => backend,
    () => seeded.publishableKey
  )
  const adminHeaders = await createAdminHeaders(container, TEST_JWT_SECRET)
  const admin = httpClient(
    () => backend,
    () => adminHeaders
  )
  show("region", seeded.regions.usd.id)
  show("variant", `${seeded.variantId} at 10.00 USD, shipping 5.00 USD`)

  const control = httpClient(() => `${sandboxUrl}/__sandbox`)
  const sandboxTx = async (orderNo: string) =>
    (
      expectStatus(
        await control.get("/transactions"),
        200,
        "sandbox transactions"
      ).transactions as any[]
    ).find((t) => t.order_no === orderNo)

  async function finalStates(label: string, orderId: string, orderNo: string) {
    const fields =
      "id,display_id,status,payment_status,total,*payment_collections.payments,*payment_collections.payments.captures,*payment_collections.payments.refunds"
    const { order } = expectStatus(
      await admin.get(
        `/admin/orders/${orderId}?fields=${encodeURIComponent(fields)}`
      ),
      200,
      "order"
    )
    const payment = order.payment_collections[0].payments[0]
    const tx = await sandboxTx(orderNo)
    step(`${label}: final states`)
    show("order", {
      id: order.id,
      display_id: order.display_id,
      status: order.status,
      payment_status: order.payment_status,
      total: order.total,
    })
    show("payment", {
      id: payment.id,
      provider: payment.provider_id,
      amount: payment.amount,
      captured: payment.captures?.map((c: any) => c.amount),
      refunded: payment.refunds?.map((r: any) => r.amount),
      data_status: payment.data?.status,
      card: payment.data?.card_masked,
    })
    show("service", {
      transaction_id: tx.transaction_id,
      state: tx.state,
      payment_status: tx.payment_status,
      refundable: tx.refundable_amount,
    })
  }

  // ---- Direct card checkout ----
  step("Direct checkout: cart with two totes, addresses and shipping")
  const cart = await createReadyCart(store, seeded, { quantity: 2 })
  show(
    "cart",
    `${cart.id} total ${cart.total} ${cart.currency_code.toUpperCase()}`
  )

  step("Direct checkout: payment session with the card provider")
  const direct = await openPaymentSession(
    store,
    cart.id,
    "pp_acquiring-card_acquiring"
  )
  expectStatus(direct.answer, 200, "payment session")
  show("session", direct.session.id)

  step(
    `Direct checkout: the shopper's card ${CARD.slice(0, 6)}******${CARD.slice(-4)} goes to the authorisation`
  )
  const paid = expectStatus(
    await store.post(
      `/store/acquiring/payment-sessions/${direct.session.id}/card`,
      { card: { number: CARD, ...CARD_FIELDS } }
    ),
    200,
    "card"
  ).payment_session
  show("result", {
    status: paid.data.status,
    transaction_id: paid.data.transaction_id,
    card: paid.data.card_masked,
    amount: paid.data.amount,
  })

  step("Direct checkout: complete the cart")
  const placed = expectStatus(
    await completeCart(store, cart.id),
    200,
    "complete cart"
  )
  if (placed.type !== "order")
    throw new Error(`cart not completed: ${JSON.stringify(placed.error)}`)
  show("order", placed.order.id)

  const { order: withPayments } = expectStatus(
    await admin.get(
      `/admin/orders/${placed.order.id}?fields=${encodeURIComponent("*payment_collections.payments")}`
    ),
    200,
    "order payments"
  )
  const paymentId = withPayments.payment_collections[0].payments[0].id
  step("Direct checkout: admin captures the payment")
  expectStatus(
    await admin.post(`/admin/payments/${paymentId}/capture`, {}),
    200,
    "capture"
  )
  show("service", (await sandboxTx(paid.data.order_no)).state)
  step("Direct checkout: admin refunds 5.00")
  expectStatus(
    await admin.post(`/admin/payments/${paymentId}/refund`, { amount: 5 }),
    200,
    "refund"
  )
  show("service", (await sandboxTx(paid.data.order_no)).payment_status)
  await finalStates("Direct checkout", placed.order.id, paid.data.order_no)

  // ---- Hosted checkout ----
  step("Hosted checkout: cart and payment session with the hosted provider")
  const hostedCart = await createReadyCart(store, seeded)
  const hosted = await openPaymentSession(
    store,
    hostedCart.id,
    "pp_acquiring-hosted_acquiring"
  )
  expectStatus(hosted.answer, 200, "payment session")
  show("session", hosted.session.id)

  step(
    "Hosted checkout: the storefront fetches the service's page and the browser submits it"
  )
  const pagePath = `/store/acquiring/payment-sessions/${hosted.session.id}/checkout`
  const page = expectStatus(
    await store.get(pagePath),
    200,
    "checkout page"
  ) as string
  const [checkoutForm] = formsOf(page, `${backend}${pagePath}`, "checkout-data")
  show(
    "form",
    `${checkoutForm.method.toUpperCase()} ${checkoutForm.action}, order ${checkoutForm.inputs.order_no}, amount ${checkoutForm.inputs.amount}`
  )
  const cardPage = (await submitForm(checkoutForm)).visits.at(-1)!
  show("hosted page", `${cardPage.status} ${cardPage.url}`)

  step("Hosted checkout: the shopper pays on the hosted page and is sent back")
  const [payForm] = formsOf(cardPage.text, cardPage.url)
  const back = await submitForm(payForm, {
    card: CARD,
    expiration_month: CARD_FIELDS.expiry_month,
    expiration_year: CARD_FIELDS.expiry_year,
    security_code: CARD_FIELDS.security_code,
  })
  show(
    "redirects",
    back.visits.map((v) => `${v.status} ${new URL(v.url).pathname}`).join(" → ")
  )
  show("storefront", back.leftTo ?? "(none)")
  if (!back.leftTo?.startsWith(STOREFRONT_RETURN_URL))
    throw new Error(
      "the shopper did not come back to the storefront's return page"
    )

  step("Hosted checkout: complete the cart")
  const hostedPlaced = expectStatus(
    await completeCart(store, hostedCart.id),
    200,
    "complete cart"
  )
  if (hostedPlaced.type !== "order")
    throw new Error(`cart not completed: ${JSON.stringify(hostedPlaced.error)}`)
  show("order", hostedPlaced.order.id)
  const { order: hostedOrder } = expectStatus(
    await admin.get(
      `/admin/orders/${hostedPlaced.order.id}?fields=${encodeURIComponent("*payment_collections.payments")}`
    ),
    200,
    "order payments"
  )
  step("Hosted checkout: admin captures the payment")
  expectStatus(
    await admin.post(
      `/admin/payments/${hostedOrder.payment_collections[0].payments[0].id}/capture`,
      {}
    ),
    200,
    "capture"
  )
  await finalStates(
    "Hosted checkout",
    hostedPlaced.order.id,
    checkoutForm.inputs.order_no
  )
}

main()
  .then(async () => {
    step("Stopping Medusa, the sandbox and PostgreSQL")
    await stopAll()
    console.log("\nDemo finished.")
    process.exit(0)
  })
  .catch(async (error) => {
    console.error(
      `\nDemo failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`
    )
    await stopAll()
    process.exit(1)
  })
