import { lapsePayment, orderPaidByCustomer } from "../helpers/lapsed-payments"
import type { AdminDashboard } from "../helpers/admin-browser"
import { accessibilityViolations, PLUGIN_MARKUP } from "../helpers/axe"
import { type AcquiringSuite, type Shop } from "../helpers/acquiring-suite"
import { acquiringPaymentDetail } from "../helpers/checkout"
import { linksPath, orderOwingTen } from "../helpers/payment-links"
import { expectStatus } from "../../dev/store-client/http-client"

/**
 * The order widget's money actions as a merchant uses them, in Chromium: a
 * lapsed payment made with a kept card re-authorised with that card (the
 * confirmation names the card and the amount; one authorisation reaches
 * the acquirer), and a payment link made for what an edited order still
 * owes, shown with its Copy button. axe-core checks the plugin's markup.
 */

/** The approved card as the acquirer masks it: first 6, last 4. */
const MASKED_CARD = "424242******4242"

const LINK_URL = /\/acquiring\/pay\/([A-Za-z0-9_-]{43})$/

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
    await admin.screenshot("order-widget-reauthorise")
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
}
