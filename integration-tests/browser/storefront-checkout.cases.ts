import type { Page } from "playwright-core"
import { type AcquiringSuite, type Shop } from "../helpers/acquiring-suite"
import { ordersOf } from "../helpers/checkout"
import {
  shopUntilPayment,
  typeCard,
  type ServedStorefront,
} from "../helpers/example-storefront"
import { payOnHostedPage } from "../helpers/sandbox-hosted-page"
import { type RealBrowser } from "../helpers/real-browser"
import { CARDS, SECURITY_CODE } from "../helpers/test-cards"

const EXPIRY = "12 / 31"

/**
 * The example storefront in Chromium: a card typed on its page (approval,
 * decline, 3-D Secure, double click) and the acquirer's hosted page.
 */

export function storefrontCheckoutCases(
  { sandbox, openShop, backendUrl }: AcquiringSuite,
  browser: RealBrowser,
  storefront: ServedStorefront
) {
  async function openStore(
    method: "Card" | "Card on the acquirer's secure page" = "Card"
  ): Promise<{ shop: Shop; page: Page }> {
    const shop = await openShop()
    // the seeded channel is not the store's default one
    storefront.configure({
      backendUrl: backendUrl(),
      publishableKey: shop.seeded.publishableKey,
      salesChannelId: shop.seeded.salesChannelId,
    })
    const page = browser.page()
    await shopUntilPayment(page, storefront.url())
    await page.getByLabel(method, { exact: true }).check()
    return { shop, page }
  }

  async function expectOrderPage(page: Page, shop: Shop) {
    await page
      .getByRole("heading", { name: "Thank you for your order" })
      .waitFor()
    const shown = await page.getByTestId("order-number").textContent()
    const [order] = await ordersOf(shop)
    expect(shown).toBe(`#${order.display_id}`)
    expect(order.payment_status).toBe("authorized")
    expect(await page.getByTestId("order-payment").textContent()).toBe(
      "Payment authorised: $15.00"
    )
    return order
  }

  /** Authorisations the sandbox received for `card` (its log masks the number to first 6 / last 4). */
  async function authorizations(card: string): Promise<number> {
    const masked = `${card.slice(0, 6)}******${card.slice(-4)}`
    return (await sandbox.requests("authorise")).filter(
      (r) => r.body?.card === masked
    ).length
  }

  // Each test walks a whole checkout; paths are joined where a shopper would
  // take them one after the other, which keeps the file to a few minutes.
  it("pays by card with a double click on Pay: one authorisation, one order, shown to the shopper", async () => {
    const { shop, page } = await openStore()
    const before = await authorizations(CARDS.approved)
    await expect(page.getByTestId("cart-total").textContent()).resolves.toBe(
      "$15.00"
    )
    await typeCard(page, {
      number: CARDS.approved,
      expiry: EXPIRY,
      code: SECURITY_CODE,
    })
    await page.getByRole("button", { name: "Pay $15.00" }).dblclick()
    const order = await expectOrderPage(page, shop)
    expect(order.total).toBe(15)
    expect(await authorizations(CARDS.approved)).toBe(before + 1)
    expect(await ordersOf(shop)).toHaveLength(1)
  })

  it("shows a decline's message, then a second card is approved", async () => {
    const { shop, page } = await openStore()
    const approvedBefore = await authorizations(CARDS.approved)
    const declinedBefore = await authorizations(CARDS.declined)
    await typeCard(page, {
      number: CARDS.declined,
      expiry: EXPIRY,
      code: SECURITY_CODE,
    })
    await page.getByRole("button", { name: "Pay $15.00" }).click()
    const alert = page.getByRole("alert")
    await alert.waitFor()
    await browser.screenshot("card declined: the message beside the form")
    // the kit's shopper sentence for the issuer's refusal (E0008), never the code; focus on it
    expect(await alert.textContent()).toBe(
      "Your card was declined. Try another card, or ask your bank why. Enter the security code again to retry."
    )
    expect(
      await alert.evaluate((element) => element === document.activeElement)
    ).toBe(true)
    // "Pay $15.00" again, not "Processing…", and enabled for another card
    const pay = page.getByRole("button", { name: "Pay $15.00" })
    await pay.waitFor()
    expect(await pay.isEnabled()).toBe(true)
    expect(await ordersOf(shop)).toEqual([])

    await typeCard(page, {
      number: CARDS.approved,
      expiry: EXPIRY,
      code: SECURITY_CODE,
    })
    await page.getByRole("button", { name: "Pay $15.00" }).click()
    await expectOrderPage(page, shop)
    expect(await authorizations(CARDS.declined)).toBe(declinedBefore + 1)
    expect(await authorizations(CARDS.approved)).toBe(approvedBefore + 1)
  })

  it("fails a 3-D Secure challenge in the browser, is told, tries again and passes it: the order is placed", async () => {
    const { shop, page } = await openStore()
    await typeCard(page, {
      number: CARDS.challenge,
      expiry: EXPIRY,
      code: SECURITY_CODE,
    })
    await page.getByRole("button", { name: "Pay $15.00" }).click()
    // the sandbox's own challenge page, reached by the kit's top-level form post
    await page.getByRole("button", { name: "Fail authentication" }).click()
    await page.getByRole("button", { name: "Try again" }).waitFor()
    expect(new URL(page.url()).origin).toBe(storefront.url())
    expect(new URL(page.url()).pathname).toBe("/checkout/return")
    expect(await page.getByRole("alert").textContent()).toBe(
      "The payment did not go through. Your cart is kept; you can try again."
    )
    expect(await ordersOf(shop)).toEqual([])

    await page.getByRole("button", { name: "Try again" }).click()
    await page.getByLabel("Card", { exact: true }).check()
    await typeCard(page, {
      number: CARDS.challenge,
      expiry: EXPIRY,
      code: SECURITY_CODE,
    })
    await page.getByRole("button", { name: "Pay $15.00" }).click()
    const pass = page.getByRole("button", { name: "Authenticate (pass)" })
    await pass.waitFor()
    expect(new URL(page.url()).origin).toBe(new URL(sandbox.url()).origin)
    await pass.click()
    await expectOrderPage(page, shop)
    expect(new URL(page.url()).origin).toBe(storefront.url())
  })

  /** The hosted page's own script posts the shopper on; the sandbox page is where they arrive. */
  async function openHostedPage(page: Page): Promise<string[]> {
    const posts: string[] = []
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.method() === "POST")
        posts.push(new URL(request.url()).origin)
    })
    await page
      .getByRole("button", { name: "Continue to the secure payment page" })
      .click()
    await page.getByRole("heading", { name: /^Pay / }).waitFor()
    expect(new URL(page.url()).origin).toBe(new URL(sandbox.url()).origin)
    return posts
  }

  it("cancels on the hosted page, comes back to the cart, then pays there: the page's script runs, the card is typed on the acquirer's page, the order is placed", async () => {
    const { shop, page } = await openStore("Card on the acquirer's secure page")
    await openHostedPage(page)
    await page
      .getByRole("button", { name: "Cancel and return to the shop" })
      .click()
    await page.getByRole("heading", { name: "Payment canceled" }).waitFor()
    expect(new URL(page.url()).origin).toBe(storefront.url())
    expect(await ordersOf(shop)).toEqual([])

    await page.getByRole("button", { name: "Back to checkout" }).click()
    await page.getByLabel("Card on the acquirer's secure page").check()
    const posts = await openHostedPage(page)
    // no click of ours posted to the acquirer: the hosted page's own script did
    expect(posts).toContain(new URL(sandbox.url()).origin)
    await payOnHostedPage(page, { number: CARDS.approved, code: SECURITY_CODE })
    await expectOrderPage(page, shop)
    expect(new URL(page.url()).origin).toBe(storefront.url())
  })
}
