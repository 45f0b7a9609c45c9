/**
 * `npm run demo`: a whole store on this machine, nothing but loopback.
 * Starts an embedded PostgreSQL (or uses ACQUIRING_TEST_DATABASE_URL), the
 * sandbox acquiring service and a Medusa app with the plugin; seeds a region,
 * a product and carts; runs one direct card checkout and one hosted checkout
 * through the store and admin HTTP APIs; prints every step and the final
 * states; stops everything. With `--keep` it leaves the stack running and
 * prints the API address and an admin login.
 */
import "../dev/local-stack/quiet-logs"
import { parseArgs } from "node:util"
import {
  STOREFRONT_RETURN_URL,
  TEST_JWT_SECRET,
} from "../dev/local-stack/app-constants"
import {
  createAdminHeaders,
  createAdminLogin,
} from "../dev/local-stack/admin-user"
import { startLocalStack, type LocalStack } from "../dev/local-stack"
import { ensureFreshBuild } from "../dev/local-stack/fresh-build"
import { seedStore, USD_REGION } from "../dev/local-stack/seed-store"
import { formsOf, submitForm } from "../dev/store-client/browser"
import { expectStatus, httpClient } from "../dev/store-client/http-client"
import {
  completeCart,
  createReadyCart,
  openPaymentSession,
  storeApi,
} from "../dev/store-client/storefront"

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

/** The seeded sales channel's key, for a storefront pointed at the kept stack. */
let publishableKey = ""

async function main(): Promise<LocalStack> {
  ensureFreshBuild((text) => step(text))
  const stack = await startLocalStack((text) => step(text))
  cleanups.push(() => stack.stop())
  show("medusa", stack.backendUrl)
  show("sandbox", stack.sandboxUrl)
  publishableKey = await runCheckouts(
    stack.app.container,
    stack.backendUrl,
    stack.sandboxUrl
  )
  return stack
}

async function runCheckouts(
  container: any,
  backend: string,
  sandboxUrl: string
): Promise<string> {
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
  // the storefront sees a whitelist: status, result, masked card
  show("result", {
    status: paid.data.status,
    result: paid.data.result,
    card: paid.data.card_masked,
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
  // the plugin keeps its state in its own tables: the admin's view of it
  const { payment } = expectStatus(
    await admin.get(`/admin/acquiring/payments/${paymentId}`),
    200,
    "payment detail"
  )
  show("payment", {
    order_no: payment.order_no,
    transaction_id: payment.transaction_id,
    amount: payment.amount,
  })
  step("Direct checkout: admin captures the payment")
  expectStatus(
    await admin.post(`/admin/payments/${paymentId}/capture`, {}),
    200,
    "capture"
  )
  show("service", (await sandboxTx(payment.order_no)).state)
  step("Direct checkout: admin refunds 5.00")
  expectStatus(
    await admin.post(`/admin/payments/${paymentId}/refund`, { amount: 5 }),
    200,
    "refund"
  )
  show("service", (await sandboxTx(payment.order_no)).payment_status)
  await finalStates("Direct checkout", placed.order.id, payment.order_no)

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
  const back = await submitForm(
    payForm,
    {
      card: CARD,
      expiration_month: CARD_FIELDS.expiry_month,
      expiration_year: CARD_FIELDS.expiry_year,
      security_code: CARD_FIELDS.security_code,
    },
    { stopAt: storefrontReturnUrl() }
  )
  show(
    "redirects",
    back.visits.map((v) => `${v.status} ${new URL(v.url).pathname}`).join(" → ")
  )
  show("storefront", back.leftTo ?? "(none)")
  if (!back.leftTo?.startsWith(storefrontReturnUrl()))
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
  return seeded.publishableKey
}

/** The return page the stack's plugin names (ACQUIRING_STOREFRONT_URL's, else the fixed one). */
function storefrontReturnUrl(): string {
  const storefront = process.env.ACQUIRING_STOREFRONT_URL
  return storefront ? `${storefront}/checkout/return` : STOREFRONT_RETURN_URL
}

const ADMIN_LOGIN = { email: "admin@acquiring.test", password: "demo-admin-1" }

/** `--keep`: an admin login, the addresses, then wait for Ctrl-C. */
async function keepRunning(stack: LocalStack): Promise<void> {
  step("Keeping the stack running (--keep)")
  await createAdminLogin(
    stack.app.container,
    ADMIN_LOGIN.email,
    ADMIN_LOGIN.password
  )
  const login = expectStatus(
    await httpClient(() => stack.backendUrl).post(
      "/auth/user/emailpass",
      ADMIN_LOGIN
    ),
    200,
    "admin login"
  )
  if (typeof login.token !== "string")
    throw new Error("the admin login answered no token")
  show("store and admin API", stack.backendUrl)
  show(
    "publishable key",
    `${publishableKey} (its sales channel sells the demo's product; a storefront's key)`
  )
  show("admin login", `${ADMIN_LOGIN.email} / ${ADMIN_LOGIN.password}`)
  show(
    "orders",
    `POST ${stack.backendUrl}/auth/user/emailpass with that login answers a token; GET ${stack.backendUrl}/admin/orders with "Authorization: Bearer <token>"`
  )
  show("sandbox", `${stack.sandboxUrl}/__sandbox/transactions`)
  show(
    "admin dashboard",
    "not served by the demo (the app boots without Vite); use the API above"
  )
  console.log("\nPress Ctrl-C to stop Medusa, the sandbox and PostgreSQL.")
  await new Promise<void>((resolve) => {
    process.once("SIGINT", () => resolve())
    process.once("SIGTERM", () => resolve())
  })
}

const { values: flags } = parseArgs({
  options: { keep: { type: "boolean", default: false } },
})

main()
  .then(async (stack) => {
    if (flags.keep) await keepRunning(stack)
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
