import type { Page } from "playwright-core"
import { lapsePayment, orderPaidByCustomer } from "../helpers/lapsed-payments"
import { followsMs, type AdminDashboard } from "../helpers/admin-browser"
import { accessibilityViolations, PLUGIN_MARKUP } from "../helpers/axe"
import {
  type AcquiringSuite,
  HOSTED_PROVIDER,
  type Shop,
} from "../helpers/acquiring-suite"
import {
  acquiringPaymentDetail,
  adminPayment,
  placeDirectOrder,
} from "../helpers/checkout"
import { accountCapturingOn, fulfil } from "../helpers/fulfilment"
import {
  linksPath,
  orderOwingTen,
  payLinkElsewhere,
  pendingDifference,
} from "../helpers/payment-links"
import { expectStatus } from "../../dev/store-client/http-client"

/**
 * The order widget's money actions as a merchant uses them, in Chromium: a
 * lapsed payment made with a kept card re-authorised with that card (the
 * confirmation names the card and the amount; one authorisation reaches
 * the acquirer), and a payment link made for what an edited order still
 * owes, shown with its Copy button. Then the page staying true without a
 * reload while money moves elsewhere (a capture on fulfilment, a link paid
 * by the shopper, a refund by another admin), in the widget and in
 * Medusa's own Payments card and summary, and a refusal shown with its
 * reason. axe-core checks the plugin's markup.
 */

/** The approved card as the acquirer masks it: first 6, last 4. */
const MASKED_CARD = "424242******4242"

const LINK_URL = /\/acquiring\/pay\/([A-Za-z0-9_-]{43})$/

/** Medusa's own Payments card offers to capture (its wide and narrow words). */
const captureButton = (page: Page) =>
  page.getByRole("button", { name: /^Capture( payment)?$/ })

/** An order paid by card through the store and captured by an admin through Medusa's API. */
export async function capturedOrder(shop: Shop) {
  const { order } = await placeDirectOrder(shop)
  const { id: paymentId } = await adminPayment(shop, order.id)
  expectStatus(
    await shop.admin.post(`/admin/payments/${paymentId}/capture`, {}),
    200,
    "capture"
  )
  return { order, paymentId: paymentId as string }
}

/** Waits until Medusa's "Total paid by customer" row reads `amount` (e.g. "15.00 USD"). */
export async function totalPaidReads(page: Page, amount: string) {
  await page.waitForFunction(
    (expected) =>
      [...document.querySelectorAll("p")].some(
        (label) =>
          label.textContent === "Total paid by customer" &&
          (label.parentElement?.textContent ?? "").endsWith(expected)
      ),
    amount,
    { timeout: followsMs() }
  )
}

export function orderWidgetMoneyCases(
  suite: AcquiringSuite,
  admin: AdminDashboard
) {
  const { sandbox, openShop, backendUrl, container } = suite

  const paidWithKeptCard = (email: string) =>
    orderPaidByCustomer(suite, email, true)
  const lapse = (shop: Shop, orderId: string, payment: any) =>
    lapsePayment(suite, shop, orderId, payment)

  it("re-authorises a lapsed payment with the saved card from the widget", async () => {
    const { shop, order, payment } = await paidWithKeptCard(
      "widget-reauth@example.test"
    )
    await lapse(shop, order.id, payment)
    // what the widget reads, checked first so a wrong page is told apart from a wrong server
    expect(await acquiringPaymentDetail(shop, payment.id)).toMatchObject({
      card_masked: MASKED_CARD,
      reauthorisable: true,
      reauthorisation: { amount: "15.00", currency: "USD" },
    })

    const page = await admin.logIn(await admin.createLogin(container()))
    const pluginA11y = () =>
      accessibilityViolations(page, { include: PLUGIN_MARKUP })
    await admin.open(`/orders/${order.id}`)
    const widget = page.getByTestId("acquiring-widget")
    const lapsed = widget.locator(
      '[data-testid="acquiring-payment"][data-status="canceled"]'
    )
    await lapsed.getByTestId("authorisation-lapse").waitFor()
    await expect(
      lapsed.getByTestId("authorisation-lapse").textContent()
    ).resolves.toMatch(/^Authorisation lapsed on \d{4}-\d{2}-\d{2}$/)
    await expect(lapsed.textContent()).resolves.toMatch(
      /Voided.*Card saved for the customer/
    )
    // the button's name says which card and how much, for a screen reader too
    const button = lapsed.getByRole("button", {
      name: `Re-authorise with saved card ${MASKED_CARD} for 15.00 USD`,
      exact: true,
    })
    await expect(button.textContent()).resolves.toBe(
      "Re-authorise with saved card"
    )
    await widget.scrollIntoViewIfNeeded()
    expect(await pluginA11y()).toEqual([])

    const before = (await sandbox.requests("authorise")).length
    await button.click()
    // money is taken again only after a confirmation naming the card and the amount
    const prompt = page.getByRole("alertdialog")
    await prompt.getByText("Re-authorise with the saved card?").waitFor()
    await expect(prompt.textContent()).resolves.toContain(
      `The customer's saved card ${MASKED_CARD} is authorised again for 15.00 USD`
    )
    expect(await pluginA11y()).toEqual([])
    expect((await sandbox.requests("authorise")).length).toBe(before)
    await prompt
      .getByRole("button", { name: "Re-authorise", exact: true })
      .click()
    await prompt.waitFor({ state: "hidden" })

    // the widget lists the new payment without a reload, and the lapsed one can no longer be re-authorised
    const fresh = widget.locator(
      '[data-testid="acquiring-payment"][data-status="authorized"]'
    )
    await fresh.getByText("Authorized", { exact: true }).waitFor()
    await page.getByText("Payment re-authorised with the saved card").waitFor()
    await expect(fresh.textContent()).resolves.toContain("15.00 USD")
    await lapsed.getByTestId("reauthorise-payment").waitFor({
      state: "detached",
    })
    expect(await widget.getByTestId("acquiring-payment").count()).toBe(2)
    expect((await sandbox.requests("authorise")).length).toBe(before + 1)
    expect(await pluginA11y()).toEqual([])
    await fresh.scrollIntoViewIfNeeded()
    await admin.screenshot("order-widget-reauthorize")
  })

  it("makes a payment link for what an edited order owes from the widget", async () => {
    const shop = await openShop()
    const orderId = await orderOwingTen(suite, shop)

    const page = await admin.logIn(await admin.createLogin(container()))
    // the Copy button writes to the clipboard: let the test read it back
    await page
      .context()
      .grantPermissions(["clipboard-read", "clipboard-write"], {
        origin: admin.origin(),
      })
    const pluginA11y = () =>
      accessibilityViolations(page, { include: PLUGIN_MARKUP })
    await admin.open(`/orders/${orderId}`)
    const links = page
      .getByTestId("acquiring-widget")
      .getByRole("region", { name: "Payment links" })
    await links.getByText("Still owed: 10.00 USD", { exact: true }).waitFor()
    await links.scrollIntoViewIfNeeded()
    expect(await pluginA11y()).toEqual([])

    await links.getByRole("button", { name: "Create payment link" }).click()
    const created = links.getByTestId("created-payment-link")
    const url = created.getByLabel("Link for 10.00 USD")
    await url.waitFor()
    const shown = await url.inputValue()
    expect(shown.startsWith(`${backendUrl()}/acquiring/pay/`)).toBe(true)
    expect(shown).toMatch(LINK_URL)
    const copy = created.getByRole("button", {
      name: "Copy the payment link",
    })
    await copy.click()
    await expect(
      page.evaluate(() => navigator.clipboard.readText())
    ).resolves.toBe(shown)
    await admin.screenshot("order-widget-payment-link")

    // the server holds one link for the 10.00 owed (and not its token: it was shown once)
    const listed = await shop.admin.get(linksPath(orderId))
    const { payment_links } = expectStatus(listed, 200, "list links")
    expect(payment_links).toHaveLength(1)
    expect(payment_links[0]).toMatchObject({
      status: "open",
      amount: "10.00",
      currency: "USD",
    })
    expect(listed.text).not.toContain(LINK_URL.exec(shown)![1])

    // the link is not opened yet: a new one would end it, and the button says so
    await links.getByRole("button", { name: "Replace payment link" }).waitFor()
    await links.getByText("A new link ends the one not opened yet.").waitFor()

    // the new link, its Copy button and its e-mail link pass axe too
    expect(await pluginA11y()).toEqual([])
  })

  it("follows a capture on fulfilment made by another admin: Medusa's Payments card and the widget, without a reload", async () => {
    const shop = await openShop()
    await accountCapturingOn(suite, shop, "fulfilment")
    const { order } = await placeDirectOrder(shop)
    const page = await admin.logIn(await admin.createLogin(container()))
    await admin.open(`/orders/${order.id}`)
    const widget = page.getByTestId("acquiring-widget")
    await widget
      .locator('[data-testid="acquiring-payment"][data-status="authorized"]')
      .waitFor()
    await captureButton(page).waitFor()
    // why 3-D Secure was or was not asked, beside the account that took the payment
    await widget
      .getByText(/^(asked|not asked): the account's default: /)
      .waitFor()

    // the fulfilment comes through Medusa's API; the plugin's subscriber captures after it answered
    await fulfil(shop, order.id)
    const captured = widget.locator(
      '[data-testid="acquiring-payment"][data-status="captured"]'
    )
    await captured
      .getByText("Captured", { exact: true })
      .waitFor({ timeout: followsMs() })
    await captureButton(page).waitFor({
      state: "detached",
      timeout: followsMs(),
    })
    await totalPaidReads(page, "15.00 USD")
    expect((await adminPayment(shop, order.id)).captured_at).toBeTruthy()
    // captured is paid: nothing owed, in the widget as on the server (no "Still owed" while Medusa records the capture)
    expect(
      expectStatus(await shop.admin.get(linksPath(order.id)), 200, "links")
        .outstanding
    ).toEqual({ amount: "0.00", currency: "USD" })
    expect(await widget.getByText(/^Still owed/).count()).toBe(0)
    expect(
      await widget.getByRole("region", { name: "Payment links" }).count()
    ).toBe(0)
    expect(
      await accessibilityViolations(page, { include: PLUGIN_MARKUP })
    ).toEqual([])
  })

  it("follows a payment link paid elsewhere: the widget stops saying Still owed and Medusa's Payments card lists the payment", async () => {
    const shop = await openShop()
    const orderId = await orderOwingTen(suite, shop)
    const page = await admin.logIn(await admin.createLogin(container()))
    await admin.open(`/orders/${orderId}`)
    const widget = page.getByTestId("acquiring-widget")
    const links = widget.getByRole("region", { name: "Payment links" })
    await links.getByText("Still owed: 10.00 USD", { exact: true }).waitFor()
    await links.getByRole("button", { name: "Create payment link" }).click()
    const url = links
      .getByTestId("created-payment-link")
      .getByLabel("Link for 10.00 USD")
    await url.waitFor()
    await totalPaidReads(page, "15.00 USD")
    // the order's first payment is captured: nothing to capture yet
    expect(await captureButton(page).count()).toBe(0)
    // Medusa's own summary offers its link and Mark as paid for the 10.00 owed
    const medusaLink = page.getByRole("button", {
      name: "CopyPaymentLink code snippet",
    })
    const markAsPaid = page.getByRole("button", {
      name: "Mark as paid",
      exact: true,
    })
    await medusaLink.waitFor()
    await markAsPaid.waitFor()

    // the shopper pays in another browser, not in this page
    await payLinkElsewhere(
      shop,
      orderId,
      await url.inputValue(),
      HOSTED_PROVIDER
    )
    await links
      .getByText("Paid", { exact: true })
      .waitFor({ timeout: followsMs() })
    await links.getByText(/^Still owed/).waitFor({ state: "detached" })
    // Medusa's summary no longer asks for the money the link took
    await medusaLink.waitFor({ state: "detached", timeout: followsMs() })
    await markAsPaid.waitFor({ state: "detached", timeout: followsMs() })
    // Medusa's Payments card lists the link's payment, authorised and ready to capture
    await captureButton(page).waitFor({ timeout: followsMs() })
    await widget
      .locator('[data-testid="acquiring-payment"][data-status="authorized"]')
      .waitFor({ timeout: followsMs() })
    expect(await pendingDifference(shop, orderId)).toBe(10)
    expect(
      await accessibilityViolations(page, { include: PLUGIN_MARKUP })
    ).toEqual([])
  })

  it("shows a refund another admin made once the merchant comes back to the tab, in the widget and Medusa's summary", async () => {
    const shop = await openShop()
    const { order, paymentId } = await capturedOrder(shop)
    const page = await admin.logIn(await admin.createLogin(container()))
    await admin.open(`/orders/${order.id}`)
    const payment = page
      .getByTestId("acquiring-widget")
      .locator('[data-testid="acquiring-payment"][data-status="captured"]')
    await payment.waitFor()
    await totalPaidReads(page, "15.00 USD")

    // another admin refunds 5.00 through Medusa's API: nothing on this page acted
    expectStatus(
      await shop.admin.post(`/admin/payments/${paymentId}/refund`, {
        amount: 5,
      }),
      200,
      "refund"
    )
    const [refund] = (await acquiringPaymentDetail(shop, paymentId)).refunds
    expect(refund.amount).toBe("5.00")
    // the merchant comes back to the tab (the dashboard's query client listens to visibilitychange)
    await page.evaluate(() =>
      document.dispatchEvent(new Event("visibilitychange", { bubbles: true }))
    )
    await payment
      .getByText(`Refund ${refund.refund_reference_id}`, { exact: true })
      .waitFor({ timeout: followsMs() })
    await totalPaidReads(page, "10.00 USD")
  })

  it("shows why a stale payment-link button is refused, and keeps the block with the reason", async () => {
    const shop = await openShop()
    const orderId = await orderOwingTen(suite, shop)
    const { order } = expectStatus(
      await shop.admin.get(`/admin/orders/${orderId}?fields=id,display_id`),
      200,
      "order number"
    )
    const page = await admin.logIn(await admin.createLogin(container()))
    await admin.open(`/orders/${orderId}`)
    const links = page
      .getByTestId("acquiring-widget")
      .getByRole("region", { name: "Payment links" })
    await links.getByText("Still owed: 10.00 USD", { exact: true }).waitFor()

    // meanwhile another admin takes the 10.00 by Medusa's own Mark as paid: no link, nothing for this page to follow
    const { payment_collection } = expectStatus(
      await shop.admin.post("/admin/payment-collections", {
        order_id: orderId,
        amount: 10,
      }),
      200,
      "payment collection"
    )
    expectStatus(
      await shop.admin.post(
        `/admin/payment-collections/${payment_collection.id}/mark-as-paid`,
        { order_id: orderId }
      ),
      200,
      "mark as paid"
    )
    expect(await pendingDifference(shop, orderId)).toBe(0)

    await links.getByRole("button", { name: "Create payment link" }).click()
    const reason = `Order #${order.display_id} owes nothing`
    await page
      .locator("[data-sonner-toast]")
      .filter({ hasText: reason })
      .waitFor()
    const refusal = links.getByRole("alert").filter({ hasText: reason })
    await refusal.waitFor()
    // the refusal refreshed the page: nothing owed any more, and the reason stays
    await links.getByText(/^Still owed/).waitFor({ state: "detached" })
    await totalPaidReads(page, "25.00 USD")
    expect(await refusal.isVisible()).toBe(true)
    await expect(refusal.textContent()).resolves.toMatch(
      new RegExp(`^${reason}: what it costs is paid or authorised\\.`)
    )
    await links.scrollIntoViewIfNeeded()
    expect(
      await accessibilityViolations(page, { include: PLUGIN_MARKUP })
    ).toEqual([])
    await admin.screenshot("order-widget-refusal")
  })
}
