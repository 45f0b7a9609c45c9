/**
 * `npm run demo`: a whole store on this machine, nothing but loopback.
 * Starts an embedded PostgreSQL (or uses ACQUIRING_TEST_DATABASE_URL), the
 * sandbox acquiring service and a Medusa app with the plugin; seeds a region,
 * a product and carts; runs one direct card checkout and one hosted checkout
 * through the store and admin HTTP APIs; prints every step with what came of
 * it, in words (acquirer codes read through the gateway's own tables), and
 * the final states; stops everything. With `--keep` it leaves the stack
 * running and prints the API address and an admin login.
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
import {
  describePaymentStatus,
  describeResult,
  inWords,
  money,
  paymentOutcome,
  paymentStatusNote,
} from "../dev/demo/acquirer-words"
import { formsOf, submitForm } from "../dev/store-client/browser"
import { expectStatus, httpClient } from "../dev/store-client/http-client"
import {
  completeCart,
  createReadyCart,
  openPaymentSession,
  storeApi,
} from "../dev/store-client/storefront"
import type { PaymentOutcome } from "../src/gateway"

const CARD = "4242424242424242"
const MASKED_CARD = `${CARD.slice(0, 6)}******${CARD.slice(-4)}`
const CARD_FIELDS = {
  expiry_month: "12",
  expiry_year: "2031",
  security_code: "918",
}
const CARD_PROVIDER = "pp_acquiring-card_acquiring"
const HOSTED_PROVIDER = "pp_acquiring-hosted_acquiring"
/** The partial refund, in Medusa's major units as its API takes them. */
const REFUND = 5

let stepNumber = 0
function step(text: string): void {
  stepNumber += 1
  console.log(`\n[${String(stepNumber).padStart(2, "0")}] ${text}`)
}
/** One line of what a step did, in words. */
function show(label: string, text: string): void {
  console.log(`     ${label}: ${text}`)
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
  if (ensureFreshBuild((text) => step(text)))
    show("result", "built into .medusa/server")
  const stack = await startLocalStack(
    (text) => step(text),
    (text) => show("result", text)
  )
  cleanups.push(() => stack.stop())
  publishableKey = await runCheckouts(
    stack.app.container,
    stack.backendUrl,
    stack.sandboxUrl
  )
  return stack
}

/** A transaction as the sandbox's control surface shows it (the acquirer's own ledger). */
type SandboxTransaction = {
  transaction_id: string
  order_no: string
  currency: string
  amount: string
  payment_status: string
  captured_amount?: string
  refundable_amount: string
  refunds: Array<{ refund_amount: string }>
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
    paymentProviders: [CARD_PROVIDER, HOSTED_PROVIDER],
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
  const currency = USD_REGION.currency_code
  show(
    "result",
    `region ${seeded.regions.usd.id} sells in ${currency.toUpperCase()} with the card and the hosted provider`
  )
  show(
    "result",
    `product variant ${seeded.variantId} at ${money(USD_REGION.unit_price, currency)}, shipping ${money(USD_REGION.shipping_price, currency)}`
  )

  const control = httpClient(() => `${sandboxUrl}/__sandbox`)
  const sandboxTx = async (orderNo: string): Promise<SandboxTransaction> => {
    const { transactions } = expectStatus(
      await control.get("/transactions"),
      200,
      "sandbox transactions"
    )
    const tx = (transactions as SandboxTransaction[]).find(
      (t) => t.order_no === orderNo
    )
    if (!tx) throw new Error(`the sandbox has no transaction ${orderNo}`)
    return tx
  }
  /** The acquirer's ledger after an operation; a different outcome stops the demo. */
  const acquirerConfirms = async (
    orderNo: string,
    expected: PaymentOutcome
  ): Promise<SandboxTransaction> => {
    const tx = await sandboxTx(orderNo)
    if (paymentOutcome(tx.payment_status) !== expected)
      throw new Error(
        `the acquirer reports ${describePaymentStatus(tx.payment_status)}, not ${inWords(expected)}`
      )
    return tx
  }

  async function finalStates(label: string, orderId: string, orderNo: string) {
    const fields =
      "id,display_id,status,payment_status,total,currency_code,*payment_collections.payments,*payment_collections.payments.captures,*payment_collections.payments.refunds"
    const { order } = expectStatus(
      await admin.get(
        `/admin/orders/${orderId}?fields=${encodeURIComponent(fields)}`
      ),
      200,
      "order"
    )
    const payment = order.payment_collections[0].payments[0]
    const tx = await sandboxTx(orderNo)
    const sum = (amounts: any[] | undefined, verb: string) =>
      amounts?.length
        ? `${verb} ${amounts.map((a) => money(a.amount, payment.currency_code)).join(" + ")}`
        : `nothing ${verb}`
    step(`${label}: final states`)
    show(
      "order",
      `#${order.display_id} (${order.id}): status ${inWords(order.status)}, payment ${inWords(order.payment_status)}, total ${money(order.total, order.currency_code)}`
    )
    show(
      "payment",
      `${payment.id} through ${payment.provider_id}: ${money(payment.amount, payment.currency_code)} authorised, ${sum(payment.captures, "captured")}, ${sum(payment.refunds, "refunded")}; card ${payment.data?.card_masked ?? "not recorded"}`
    )
    show(
      "acquirer",
      `transaction ${tx.transaction_id} is ${describePaymentStatus(tx.payment_status)}, ${money(tx.refundable_amount, tx.currency)} still refundable`
    )
  }

  // ---- Direct card checkout ----
  step("Direct checkout: cart with two totes, addresses and shipping")
  const cart = await createReadyCart(store, seeded, { quantity: 2 })
  show(
    "result",
    `cart ${cart.id} holds 2 × ${money(USD_REGION.unit_price, cart.currency_code)} and shipping: ${money(cart.total, cart.currency_code)} to pay`
  )

  step("Direct checkout: payment session with the card provider")
  const direct = await openPaymentSession(store, cart.id, CARD_PROVIDER)
  expectStatus(direct.answer, 200, "payment session")
  show(
    "result",
    `session ${direct.session.id} opened, ${inWords(direct.session.status)}: the checkout can ask for the card`
  )

  step(
    `Direct checkout: the shopper's card ${MASKED_CARD} goes to the authorisation`
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
  show(
    "result",
    `card ${paid.data.card_masked} ${describeResult(paid.data.result)}; Medusa's session is now ${inWords(paid.data.status)}`
  )
  if (paid.data.status !== "authorized")
    throw new Error("the card was not authorised: the demo stops here")

  step("Direct checkout: complete the cart")
  const placed = expectStatus(
    await completeCart(store, cart.id),
    200,
    "complete cart"
  )
  if (placed.type !== "order")
    throw new Error(`cart not completed: ${JSON.stringify(placed.error)}`)
  show(
    "result",
    `order #${placed.order.display_id} (${placed.order.id}) placed`
  )

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
  const authorized = await acquirerConfirms(payment.order_no, "authorised")
  show(
    "result",
    `the plugin recorded acquirer order ${payment.order_no}, transaction ${payment.transaction_id}: ${money(authorized.amount, authorized.currency)} authorised, awaiting capture`
  )

  step("Direct checkout: admin captures the payment")
  expectStatus(
    await admin.post(`/admin/payments/${paymentId}/capture`, {}),
    200,
    "capture"
  )
  const captured = await acquirerConfirms(payment.order_no, "captured")
  show(
    "result",
    `captured ${money(captured.captured_amount ?? captured.amount, captured.currency)}: the acquirer confirmed (${paymentStatusNote(captured.payment_status)})`
  )

  step(`Direct checkout: admin refunds ${money(REFUND, currency)}`)
  expectStatus(
    await admin.post(`/admin/payments/${paymentId}/refund`, { amount: REFUND }),
    200,
    "refund"
  )
  const refunded = await acquirerConfirms(payment.order_no, "partly_refunded")
  show(
    "result",
    `refunded ${money(refunded.refunds.at(-1)!.refund_amount, refunded.currency)}: the acquirer confirmed (${paymentStatusNote(refunded.payment_status)}), ${money(refunded.refundable_amount, refunded.currency)} still refundable`
  )
  await finalStates("Direct checkout", placed.order.id, payment.order_no)

  // ---- Hosted checkout ----
  step("Hosted checkout: cart and payment session with the hosted provider")
  const hostedCart = await createReadyCart(store, seeded)
  const hosted = await openPaymentSession(store, hostedCart.id, HOSTED_PROVIDER)
  expectStatus(hosted.answer, 200, "payment session")
  show(
    "result",
    `cart ${hostedCart.id}, ${money(hostedCart.total, hostedCart.currency_code)} to pay; session ${hosted.session.id} opened, ${inWords(hosted.session.status)}: the shopper can be sent to the acquirer's page`
  )

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
    "result",
    `the service's page posts acquirer order ${checkoutForm.inputs.order_no} for ${money(checkoutForm.inputs.amount, checkoutForm.inputs.currency ?? hostedCart.currency_code)} to ${checkoutForm.action}`
  )
  const cardPage = (await submitForm(checkoutForm)).visits.at(-1)!
  show(
    "result",
    `the browser reached the acquirer's card page (HTTP ${cardPage.status}, ${cardPage.url})`
  )

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
    "result",
    `the acquirer sent the browser on: ${back.visits.map((v) => `${v.status} ${new URL(v.url).pathname}`).join(" → ")}`
  )
  if (!back.leftTo?.startsWith(storefrontReturnUrl()))
    throw new Error(
      "the shopper did not come back to the storefront's return page"
    )
  const landed = new URL(back.leftTo)
  show(
    "result",
    `back on the storefront's return page ${landed.origin}${landed.pathname} with status=${landed.searchParams.get("status") ?? "(none)"}`
  )

  step("Hosted checkout: complete the cart")
  const hostedPlaced = expectStatus(
    await completeCart(store, hostedCart.id),
    200,
    "complete cart"
  )
  if (hostedPlaced.type !== "order")
    throw new Error(`cart not completed: ${JSON.stringify(hostedPlaced.error)}`)
  const hostedOrderNo = checkoutForm.inputs.order_no
  const hostedAuthorized = await acquirerConfirms(hostedOrderNo, "authorised")
  show(
    "result",
    `order #${hostedPlaced.order.display_id} (${hostedPlaced.order.id}) placed; ${money(hostedAuthorized.amount, hostedAuthorized.currency)} authorised at the acquirer, awaiting capture`
  )
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
  const hostedCaptured = await acquirerConfirms(hostedOrderNo, "captured")
  show(
    "result",
    `captured ${money(hostedCaptured.captured_amount ?? hostedCaptured.amount, hostedCaptured.currency)}: the acquirer confirmed (${paymentStatusNote(hostedCaptured.payment_status)})`
  )
  await finalStates("Hosted checkout", hostedPlaced.order.id, hostedOrderNo)
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
    show("result", "everything the demo started is stopped")
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
