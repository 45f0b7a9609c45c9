import type { Page } from "playwright-core"
import { type AcquiringSuite, type Shop } from "../helpers/acquiring-suite"
import {
  addressAndShipping,
  typeCard,
  type ServedStorefront,
} from "../helpers/example-storefront"
import { adminOrder } from "../helpers/checkout"
import { expectStatus } from "../../dev/store-client/http-client"
import { type RealBrowser } from "../helpers/real-browser"
import { CARDS, SECURITY_CODE } from "../helpers/test-cards"

const EMAIL = "saved.cards@example.test"
const PASSWORD = "secret-Pass-1"
const SAVED_CARD = "Visa •••• 4242"

/**
 * The example storefront in Chromium with a signed-in customer: the card
 * typed at the first checkout is kept on request, and the second order is
 * paid by picking it and typing only its security code.
 */

/** Selectors of the inputs a typed card needs, which a saved card's payment must never show. */
const CARD_FIELDS =
  'input[autocomplete="cc-number"], input[autocomplete="cc-exp"]'

/** Reports, per document, every card number or expiry input ever added to the page. */
function watchForCardFields(selector: string) {
  const seen: string[] = []
  ;(window as any).__cardFieldsSeen = seen
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of Array.from(record.addedNodes)) {
        if (!(node instanceof Element)) continue
        const found = node.matches(selector)
          ? [node]
          : Array.from(node.querySelectorAll(selector))
        for (const input of found)
          seen.push(input.getAttribute("autocomplete") ?? "")
      }
  }).observe(document, { childList: true, subtree: true })
}

export function savedCardsCases(
  { sandbox, openShop, backendUrl }: AcquiringSuite,
  browser: RealBrowser,
  storefront: ServedStorefront
) {
  const signedIn = (page: Page) =>
    page.locator("header").getByText(`Signed in as ${EMAIL}`)

  /** Address and shipping of a signed-in customer's cart: no e-mail asked, it is theirs. */
  async function shopUntilPaymentSignedIn(page: Page) {
    await page.getByRole("button", { name: "Add to cart" }).click()
    await page
      .locator("main")
      .getByText(`Signed in as ${EMAIL}`, { exact: true })
      .waitFor()
    expect(await page.getByLabel("Email").count()).toBe(0)
    await addressAndShipping(page)
    await page.getByLabel("Card", { exact: true }).check()
  }

  /** localStorage, sessionStorage and cookies of the page's origin, as text. */
  async function storageOf(page: Page) {
    const inPage = await page.evaluate(() => ({
      local: Object.fromEntries(
        Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)])
      ),
      session: Object.fromEntries(
        Object.keys(sessionStorage).map((k) => [k, sessionStorage.getItem(k)])
      ),
      cookie: document.cookie,
    }))
    const cookies = await page.context().cookies()
    return { ...inPage, cookies }
  }

  /** No card number, with or without its spaces, in anything the browser keeps. */
  async function expectNoCardInStorage(page: Page) {
    const kept = await storageOf(page)
    const text = JSON.stringify(kept)
    expect(text).not.toContain(CARDS.approved)
    expect(text).not.toContain("4242 4242 4242 4242")
    // what the storefront keeps: its cart id (until the order) and the customer's token
    expect(
      Object.keys(kept.local).filter((key) => key !== "example_cart_id")
    ).toEqual([])
    expect(Object.keys(kept.session)).toEqual(["medusa_auth_token"])
  }

  async function expectOrderPage(page: Page): Promise<string> {
    await page
      .getByRole("heading", { name: "Thank you for your order" })
      .waitFor()
    return (await page.getByTestId("order-number").textContent()) ?? ""
  }

  it("a signed-in shopper keeps the card at the first checkout and pays the second order with it and the security code only", async () => {
    const shop: Shop = await openShop()
    storefront.configure({
      backendUrl: backendUrl(),
      publishableKey: shop.seeded.publishableKey,
      salesChannelId: shop.seeded.salesChannelId,
    })
    const authorizedBefore = (await sandbox.requests("authorise")).length
    const page = browser.page()

    // create the account, which signs in
    await page.goto(storefront.url())
    await page.getByRole("link", { name: "Sign in" }).click()
    await page.getByLabel("Email").fill(EMAIL)
    await page.getByLabel("Password").fill(PASSWORD)
    await page.getByRole("button", { name: "Create account" }).click()
    await signedIn(page).waitFor()

    // first order: the card typed, kept on request
    await shopUntilPaymentSignedIn(page)
    const saveBox = page.getByLabel("Save this card for next time")
    await saveBox.waitFor()
    expect(await saveBox.isChecked()).toBe(false)
    // nothing saved yet: no choice of cards
    expect(await page.getByRole("radio", { name: SAVED_CARD }).count()).toBe(0)
    await typeCard(page, {
      number: CARDS.approved,
      expiry: "12 / 31",
      code: SECURITY_CODE,
    })
    await saveBox.check()
    await expectNoCardInStorage(page)
    await browser.screenshot("saved-cards-1-save-box")
    await page.getByRole("button", { name: "Pay $15.00" }).click()
    const firstShown = await expectOrderPage(page)
    await expectNoCardInStorage(page)

    // second order, in a fresh document that records any card input it shows
    await page.addInitScript(watchForCardFields, CARD_FIELDS)
    await page.getByRole("link", { name: "Acquiring example store" }).click()
    await signedIn(page).waitFor()
    await shopUntilPaymentSignedIn(page)
    const savedChoice = page.getByRole("radio", { name: SAVED_CARD })
    await savedChoice.check()
    expect(
      await page.getByRole("radio", { name: "Use a new card" }).isChecked()
    ).toBe(false)
    expect(await page.getByLabel("Card number").count()).toBe(0)
    expect(await page.getByLabel("Expiry date (MM / YY)").count()).toBe(0)
    expect(await saveBox.count()).toBe(0)
    await page.getByLabel("Security code").fill(SECURITY_CODE)
    await expectNoCardInStorage(page)
    await browser.screenshot("saved-cards-2-saved-card-picked")
    await page.getByRole("button", { name: "Pay $15.00" }).click()
    const secondShown = await expectOrderPage(page)
    await browser.screenshot("saved-cards-3-order-page")
    await expectNoCardInStorage(page)
    // the saved card's way never put a card number or expiry input on the page
    expect(await page.evaluate(() => (window as any).__cardFieldsSeen)).toEqual(
      []
    )

    // the acquirer: one authorisation of the typed card, asking to keep it,
    // then one of its token, without a card
    const sent = (await sandbox.requests("authorise"))
      .slice(authorizedBefore)
      .map((request) => request.body)
    expect(sent).toHaveLength(2)
    expect(sent[0]).toMatchObject({
      card: "424242******4242",
      token_flag: "YES",
    })
    expect(sent[0].token_id ?? "").toBe("")
    const stored = await sandbox.storedCards()
    expect(stored).toHaveLength(1)
    expect(stored[0].card_masked).toBe("424242******4242")
    // the sandbox's log keeps a token's last four characters only
    expect(sent[1]).toMatchObject({
      card: "",
      token_id: `****${stored[0].token_id.slice(-4)}`,
    })

    // the admin: both orders the customer's, authorised, shown to the shopper;
    // the first payment kept the card, the second was paid with it
    const { orders } = expectStatus(
      await shop.admin.get(
        "/admin/orders?fields=id,display_id,email,customer_id,payment_status,total&order=display_id"
      ),
      200,
      "admin orders"
    )
    expect(orders).toHaveLength(2)
    expect(orders.map((o: any) => `#${o.display_id}`)).toEqual([
      firstShown,
      secondShown,
    ])
    const customerId = orders[0].customer_id
    for (const order of orders)
      expect(order).toMatchObject({
        email: EMAIL,
        customer_id: customerId,
        payment_status: "authorized",
        total: 15,
      })
    const { customer } = expectStatus(
      await shop.admin.get(`/admin/customers/${customerId}`),
      200,
      "admin customer"
    )
    expect(customer).toMatchObject({ email: EMAIL, has_account: true })
    const { saved_cards } = expectStatus(
      await shop.admin.get(
        `/admin/acquiring/customers/${customerId}/saved-cards`
      ),
      200,
      "admin saved cards"
    )
    expect(saved_cards).toEqual([
      expect.objectContaining({
        card_masked: "424242******4242",
        customer_id: customerId,
        last_used_at: expect.any(String),
      }),
    ])
    const paymentsCard: any[] = []
    for (const order of orders) {
      const [payment] = (
        await adminOrder(shop, order.id)
      ).payment_collections.flatMap((c: any) => c.payments ?? [])
      const detail = expectStatus(
        await shop.admin.get(`/admin/acquiring/payments/${payment.id}`),
        200,
        "admin payment"
      ).payment
      paymentsCard.push(detail.saved_card)
    }
    expect(paymentsCard).toEqual([
      { id: saved_cards[0].id, kept: true, paid_with: false },
      { id: saved_cards[0].id, kept: false, paid_with: true },
    ])
  })
}
