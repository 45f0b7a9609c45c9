/*
 * The guide of docs/storefront.md as a merchant's storefront runs it: its
 * every block written or applied onto a starter-shaped app
 * (integration-tests/starter-shell, scripts/docs/nextjs-guide.ts), the kit
 * installed from its packed tarball, built for production and served by
 * `next start`, on a host of its own (shop.test) so the acquirer's pages
 * and Medusa (127.0.0.1) are another site and its SameSite=Strict cart
 * cookie stays behind on every way back. Four payments at a desktop and a
 * phone viewport, axe-core on each page, a hosted payment whose
 * notification completes the cart before the shopper is back, and the card
 * and the wallet paid by keyboard. The payment step's methods and the bank
 * transfer's pages: nextjs-payment-methods.cases.ts.
 */
import type { Page } from "playwright-core"
import { acquiringSuite, type Shop } from "../helpers/acquiring-suite"
import { ordersOf } from "../helpers/checkout"
import { eventually } from "../helpers/polling"
import { accessibilityViolations } from "../helpers/axe"
import {
  compileDocsTypescript,
  compileKitConsumers,
} from "../helpers/docs-typescript"
import {
  nextjsCheckout,
  SERVER_PACKAGES,
  SHOP_HOST,
} from "../helpers/nextjs-checkout"
import { realBrowser, type ViewportName } from "../helpers/real-browser"
import { CARDS, SECURITY_CODE } from "../helpers/test-cards"
import { expectStatus } from "../../dev/store-client/http-client"
import {
  focused,
  nextjsPaymentMethodsCases,
  tabTo,
  WALLET_PAGE,
} from "./nextjs-payment-methods.cases"
import { budget } from "../setup/time-budget"
import { adminPayment, expectOrder, submitCard } from "../helpers/checkout"
import { customerToken, storeAs } from "../helpers/store-callers"
import { notificationsProcessed } from "../helpers/settlement"
import {
  createReadyCart,
  openPaymentSession,
  SHOPPER_DEVICE,
} from "../../dev/store-client/storefront"
import { CARD_PROVIDER } from "../helpers/acquiring-suite"

jest.setTimeout(budget(180_000))

const EXPIRY = "12 / 31"
const DECLINED_TEXT =
  "Your card was declined. Try another card, or ask your bank why. Enter the security code again to retry."

/** The page's alert for the shopper (Next.js keeps an empty route announcer with the same role). */
const alertOf = (page: Page) =>
  page.locator('[role="alert"]:not(#__next-route-announcer__)')

const shopfront = nextjsCheckout()
const browser = realBrowser({ hosts: [SHOP_HOST] })

acquiringSuite((suite) => {
  const { sandbox, openShop, backendUrl } = suite
  async function open(
    viewport: ViewportName
  ): Promise<{ shop: Shop; page: Page }> {
    const shop = await openShop()
    await shopfront.serve({
      backendUrl: backendUrl(),
      publishableKey: shop.seeded.publishableKey,
      salesChannelId: shop.seeded.salesChannelId,
    })
    const page = await browser.pageOn(viewport)
    return { shop, page }
  }

  /** The cart the browser shops with, by its cookie. */
  async function cartIdOf(page: Page): Promise<string | undefined> {
    return (await page.context().cookies()).find(
      (c) => c.name === "_medusa_cart_id"
    )?.value
  }

  /** A product in the cart (`quantity` of it, 10.00 each, + 5.00 shipping), address and delivery, as a shopper clicks through them. */
  async function untilPayment(
    page: Page,
    options: { shop?: Shop; quantity?: number } = {}
  ) {
    await page.goto(shopfront.url())
    await page.getByRole("button", { name: "Add to cart" }).first().click()
    await page.getByLabel("Email").waitFor()
    if (options.shop && options.quantity) {
      const cartId = await cartIdOf(page)
      const { cart } = expectStatus(
        await options.shop.store.get(`/store/carts/${cartId}`),
        200,
        "cart"
      )
      expectStatus(
        await options.shop.store.post(
          `/store/carts/${cartId}/line-items/${cart.items[0].id}`,
          { quantity: options.quantity }
        ),
        200,
        "line item quantity"
      )
    }
    await page.getByLabel("Email").fill("ada.shopper@example.test")
    await page.getByLabel("First name").fill("Ada")
    await page.getByLabel("Last name").fill("Shopper")
    await page.getByLabel("Address").fill("12 Harbour Street")
    await page.getByLabel("City").fill("Springfield")
    await page.getByLabel("Postal code").fill("12345")
    await page.getByRole("button", { name: "Continue to delivery" }).click()
    await page.getByRole("button", { name: "Continue to payment" }).click()
    await page.getByRole("group", { name: "Payment method" }).waitFor()
  }

  /** Until the review, paying with the method the acquirer calls `method`. */
  async function untilReview(
    page: Page,
    method: string,
    options: { shop?: Shop; quantity?: number } = {}
  ) {
    await untilPayment(page, options)
    await page.getByLabel(method, { exact: true }).check()
    await page.getByRole("button", { name: "Continue to review" }).click()
    await page.getByRole("heading", { name: "Review" }).waitFor()
    // the starter's step headings stand from the start: the review is open once its text shows
    await page.waitForURL(/[?&]step=review\b/)
    await page.getByText(/^By clicking “/).waitFor()
  }

  async function typeCard(page: Page, number: string) {
    await page.getByLabel("Card number").fill(number)
    await page.getByLabel("Expiry date (MM / YY)").fill(EXPIRY)
    await page.getByLabel("Security code").fill(SECURITY_CODE)
  }

  /** The confirmation names the order Medusa has, its payment authorised (not "paid"). */
  async function expectConfirmation(page: Page, shop: Shop) {
    await page
      .getByRole("heading", { name: "Thank you for your order" })
      .waitFor()
    const [order, ...more] = await ordersOf(shop)
    expect(more).toEqual([])
    expect(order.payment_status).toBe("authorized")
    expect(await page.getByTestId("order-number").textContent()).toBe(
      `#${order.display_id}`
    )
    expect(await page.getByTestId("order-payment").textContent()).toBe(
      "Payment authorised: $15.00"
    )
    expect(new URL(page.url()).host).toBe(new URL(shopfront.url()).host)
  }

  /** Records whether the cart cookie came with the first request of the way back. */
  function watchReturn(page: Page) {
    const cookies: string[] = []
    page.on("request", async (request) => {
      if (
        request.isNavigationRequest() &&
        new URL(request.url()).pathname === "/checkout/return"
      )
        cookies.push((await request.allHeaders()).cookie ?? "")
    })
    return cookies
  }

  it("the kit installs into a Next.js app without Medusa's server or the plugin's server dependencies", () => {
    const { packages, kitTree } = shopfront.installed()
    expect(kitTree).toEqual([])
    expect(packages.filter((name) => SERVER_PACKAGES.includes(name))).toEqual(
      []
    )
    expect(packages).toContain("medusa-payment-acquiring-storefront")
    expect(packages).toContain("next")
  })

  it("every block of the guide applies to the starter's files, and the app and the kit reference's snippets compile under the starter's tsconfig", async () => {
    const { app, applied } = shopfront.installed()
    // the files the guide adds, in its order; every other block edits a starter file in place
    expect(
      applied.filter((a) => a.action === "file").map((a) => a.path)
    ).toEqual([
      "src/lib/data/acquiring.ts",
      "src/modules/checkout/components/acquiring-methods/index.tsx",
      "src/modules/checkout/components/acquiring-card-button/index.tsx",
      "src/app/[countryCode]/(checkout)/checkout/return/page.tsx",
      "src/modules/checkout/components/acquiring-return/index.tsx",
      "src/app/[countryCode]/(main)/account/@dashboard/subscriptions/page.tsx",
      "src/modules/account/components/acquiring-subscriptions/index.tsx",
    ])
    expect(
      applied.filter((a) => ["replace", "after", "before"].includes(a.action))
        .length
    ).toBeGreaterThanOrEqual(15)
    const checked = await compileDocsTypescript(app)
    expect(checked.app).toEqual([])
    expect(checked.reference).toEqual([])
    expect(checked.snippets).toBeGreaterThanOrEqual(15)
  })

  it("the kit's types resolve under moduleResolution node, node16 and bundler", async () => {
    expect(await compileKitConsumers(shopfront.installed().app)).toEqual({
      node: [],
      node16: [],
      bundler: [],
    })
  })

  describe.each(["desktop", "phone"] as const)("on a %s", (viewport) => {
    it("a card approved: one order, its payment authorised", async () => {
      const { shop, page } = await open(viewport)
      await untilReview(page, "Credit or debit card")
      expect(await accessibilityViolations(page)).toEqual([])
      await typeCard(page, CARDS.approved)
      await page.getByRole("button", { name: "Pay $15.00" }).click()
      await expectConfirmation(page, shop)
      expect(await accessibilityViolations(page)).toEqual([])
    })

    it("a card declined, then another approved", async () => {
      const { shop, page } = await open(viewport)
      await untilReview(page, "Credit or debit card")
      await typeCard(page, CARDS.declined)
      await page.getByRole("button", { name: "Pay $15.00" }).click()
      const alert = alertOf(page)
      await alert.waitFor()
      expect(await alert.textContent()).toBe(DECLINED_TEXT)
      expect(await accessibilityViolations(page)).toEqual([])
      await browser.screenshot(`next ${viewport}: card declined`)
      expect(await ordersOf(shop)).toEqual([])
      await typeCard(page, CARDS.approved)
      await page.getByRole("button", { name: "Pay $15.00" }).click()
      await expectConfirmation(page, shop)
    })

    it("3-D Secure passed on the issuer's page: back across sites without the Strict cart cookie, the order is placed", async () => {
      const { shop, page } = await open(viewport)
      await untilReview(page, "Credit or debit card")
      const cart = (await page.context().cookies()).find(
        (c) => c.name === "_medusa_cart_id"
      )
      expect(cart).toMatchObject({ sameSite: "Strict", httpOnly: true })
      const sent = watchReturn(page)
      await typeCard(page, CARDS.challenge)
      await page.getByRole("button", { name: "Pay $15.00" }).click()
      const pass = page.getByRole("button", { name: "Authenticate (pass)" })
      await pass.waitFor()
      expect(new URL(page.url()).origin).toBe(new URL(sandbox.url()).origin)
      await pass.click()
      await expectConfirmation(page, shop)
      // the browser kept the cookie off the way back; the page did not need it
      expect(sent).toHaveLength(1)
      expect(sent[0]).not.toContain("_medusa_cart_id")
    })

    it("the hosted page given up, then paid there", async () => {
      const { shop, page } = await open(viewport)
      await untilReview(page, "Digital wallet")
      expect(await accessibilityViolations(page)).toEqual([])
      await page.getByRole("button", { name: "Place order and pay" }).click()
      await page
        .getByRole("button", { name: "Cancel and return to the shop" })
        .click()
      const said = alertOf(page)
      await said.waitFor()
      expect(await said.textContent()).toBe(
        "You left the payment page without paying. Your cart is kept."
      )
      expect(await accessibilityViolations(page)).toEqual([])
      expect(await ordersOf(shop)).toEqual([])

      await page.getByRole("link", { name: "Back to payment" }).click()
      await page.getByLabel("Digital wallet").check()
      await page.getByRole("button", { name: "Continue to review" }).click()
      await page.getByRole("button", { name: "Place order and pay" }).click()
      await page.getByRole("button", { name: WALLET_PAGE.pay("15.00") }).click()
      await expectConfirmation(page, shop)
    })
  })

  it("the notification completes the cart before the shopper is back: the confirmation, the cart forgotten, Add to cart starts a new one", async () => {
    const { shop, page } = await open("desktop")
    await untilReview(page, "Digital wallet")
    const cartCookie = () => cartIdOf(page)
    const bought = await cartCookie()
    expect(bought).toBeTruthy()
    const cartOf = async (id: string) =>
      (await shop.store.get(`/store/carts/${id}`)).data?.cart
    await page.getByRole("button", { name: "Place order and pay" }).click()
    await page.getByRole("heading", { name: WALLET_PAGE.heading }).waitFor()
    // The acquirer's page sends the shopper back with a 303 to the plugin's
    // return route (a redirect the browser follows, which page.route cannot
    // hold): the acquirer's answer is fetched here and handed to the browser
    // only once Medusa has made the order from the acquirer's notification.
    let heldBack = false
    await page.route(`${sandbox.url()}/**`, async (route) => {
      if (route.request().method() !== "POST") return route.continue()
      const answer = await route.fetch({ maxRedirects: 0 })
      const location = answer.headers()["location"] ?? ""
      if (location.startsWith(`${backendUrl()}/acquiring/return/`)) {
        await eventually(
          "the notification to complete the cart",
          async () =>
            (await cartOf(bought!))?.completed_at ? true : undefined,
          30_000
        )
        heldBack = true
      }
      await route.fulfill({ response: answer })
    })
    await page.getByRole("button", { name: WALLET_PAGE.pay("15.00") }).click()
    await expectConfirmation(page, shop)
    expect(heldBack).toBe(true)
    expect(await cartCookie()).toBeUndefined()

    await page.goto(shopfront.url())
    await page.getByRole("button", { name: "Add to cart" }).first().click()
    await page.getByLabel("Email").waitFor()
    const fresh = await cartCookie()
    expect(fresh).toBeTruthy()
    expect(fresh).not.toBe(bought)
    const cart = await cartOf(fresh!)
    expect(cart.completed_at).toBeNull()
    expect(cart.items).toHaveLength(1)
  })

  describe("by keyboard alone", () => {
    it("an empty Pay, a decline, then 3-D Secure: focus and what is said after every answer", async () => {
      const { shop, page } = await open("desktop")
      await untilReview(page, "Credit or debit card")

      await tabTo(page, "button: Pay $15.00")
      await page.keyboard.press("Enter")
      expect(await alertOf(page).textContent()).toBe(
        "Check the 3 fields marked below."
      )
      expect(await focused(page)).toBe("input: Card number")

      await page.keyboard.type(CARDS.declined)
      await page.keyboard.press("Tab")
      await page.keyboard.type("1231")
      await page.keyboard.press("Tab")
      await page.keyboard.type(SECURITY_CODE)
      await page.keyboard.press("Enter")
      await page.getByText(DECLINED_TEXT).waitFor()
      expect(await focused(page)).toBe(`p: ${DECLINED_TEXT}`)
      // the next Tab leads back into the form, not off the page
      await page.keyboard.press("Tab")
      expect(await focused(page)).toBe("input: Card number")

      await page.keyboard.press("Control+A")
      await page.keyboard.type(CARDS.challenge)
      await tabTo(page, "input: Security code")
      await page.keyboard.type(SECURITY_CODE)
      await page.keyboard.press("Enter")
      await page.getByRole("button", { name: "Authenticate (pass)" }).waitFor()
      await tabTo(page, "button: Authenticate (pass)")
      await page.keyboard.press("Enter")
      await expectConfirmation(page, shop)
    })

    it("the wallet on the hosted page, paid and back, without a mouse", async () => {
      const { shop, page } = await open("desktop")
      await untilReview(page, "Digital wallet")
      await tabTo(page, "button: Place order and pay")
      await page.keyboard.press("Enter")
      await page.getByRole("heading", { name: WALLET_PAGE.heading }).waitFor()
      await tabTo(page, `button: ${WALLET_PAGE.payText("15.00")}`)
      await page.keyboard.press("Enter")
      await expectConfirmation(page, shop)
    })
  })

  it("the account page of step 8: the customer signs in, sees the subscription with its renewal order, and cancels it", async () => {
    const { shop, page } = await open("desktop")
    const email = "ada.subscriber@example.test"
    const store = storeAs(
      backendUrl,
      shop.seeded.publishableKey,
      await customerToken(shop, backendUrl, email)
    )
    const customerShop = { ...shop, store }
    const cart = await createReadyCart(store, shop.seeded)
    const { session } = await openPaymentSession(
      store,
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
    expectStatus(
      await submitCard(customerShop, session.id, CARDS.approved),
      200,
      "pay"
    )
    const order = await expectOrder(customerShop, cart.id)
    const { recurring_id } = (
      await sandbox.transaction(
        String((await adminPayment(shop, order.id)).data.transaction_id)
      )
    ).subscription
    await sandbox.deduct(recurring_id, "approved")
    await notificationsProcessed(suite)
    const renewal = expectStatus(
      await shop.admin.get(
        "/admin/orders?fields=id,display_id,metadata&limit=200"
      ),
      200,
      "orders"
    ).orders.find((o: any) => o.metadata?.acquiring_renewal_of === order.id)
    expect(renewal).toBeDefined()

    // the starter's sign-in, then the side bar's new link
    await page.goto(`${shopfront.url()}/us/account`)
    await page.getByLabel("Email").fill(email)
    await page.getByLabel("Password").fill("secret-Pass-1")
    await page.getByRole("button", { name: "Sign in" }).click()
    await page.getByRole("heading", { name: "Hello Ada" }).waitFor()
    await page
      .getByTestId("account-nav")
      .getByRole("link", { name: "Subscriptions" })
      .click()
    await page
      .getByRole("heading", { name: "Subscriptions", level: 1 })
      .waitFor()
    const row = page.getByRole("group", { name: "Coffee club" })
    expect(await row.getByText("15.00 USD every 1 month").count()).toBe(1)
    expect(await row.getByTestId("subscription-status").textContent()).toBe(
      "Active"
    )
    expect(
      await row.getByText(/^Next charge: \d{4}-\d{2}-\d{2}$/).count()
    ).toBe(1)
    expect(
      await row
        .getByRole("link", { name: `#${order.display_id}` })
        .getAttribute("href")
    ).toBe(`/us/account/orders/details/${order.id}`)
    expect(
      await row
        .getByRole("link", { name: `#${renewal.display_id}` })
        .getAttribute("href")
    ).toBe(`/us/account/orders/details/${renewal.id}`)
    expect(await accessibilityViolations(page)).toEqual([])
    await browser.screenshot("next desktop: account subscriptions")

    await row.getByRole("button", { name: "Cancel subscription" }).click()
    await row
      .getByTestId("subscription-status")
      .getByText("Cancelled")
      .waitFor()
    expect(await row.getByRole("status").textContent()).not.toBe("")
    expect(
      await row.getByRole("button", { name: "Cancel subscription" }).count()
    ).toBe(0)
    expect(await sandbox.subscription(recurring_id)).toMatchObject({
      status: "cancelled",
    })
    expect(await accessibilityViolations(page)).toEqual([])
  })

  describe("payment methods", () =>
    nextjsPaymentMethodsCases({
      sandbox,
      browser,
      open,
      untilPayment,
      untilReview,
      cartIdOf,
    }))
})
