import type { AdminDashboard } from "../helpers/admin-browser"
import { accessibilityViolations, PLUGIN_MARKUP } from "../helpers/axe"
import type { AcquiringSuite } from "../helpers/acquiring-suite"
import { customerKeepsCard, expectOrder } from "../helpers/checkout"
import {
  linkPaymentOf,
  orderOwingTen,
  pendingDifference,
  phoneDraftOrder,
} from "../helpers/payment-links"
import { HOSTED_PROVIDER } from "../helpers/acquiring-suite"
import { eventually } from "../helpers/polling"
import { typeCardByPhone } from "../helpers/sandbox-hosted-page"
import { budget } from "../setup/time-budget"

/**
 * Charging a customer's saved card from the order page, in Chromium: the
 * widget's form takes an amount and a reason, asks for a confirmation when
 * the amount is more than the order owes, and once charged Medusa's own
 * Payments card lists the new payment without a reload. A card taken by
 * phone: the acquirer's page opens in a new tab for staff to type it, for an
 * order that owes money and from Medusa's own draft-order page. axe-core
 * checks the plugin's parts.
 */
export function merchantChargesCases(
  suite: AcquiringSuite,
  admin: AdminDashboard
) {
  const { openShop, container, sandbox, backendUrl } = suite
  it("charges the saved card for an amount and a reason, confirmed as more than owed; Medusa's Payments card lists it", async () => {
    const shop = await openShop()
    const { store: customer, cart } = await customerKeepsCard(
      shop,
      backendUrl,
      "charged.by.staff@example.test"
    )
    const order = await expectOrder({ ...shop, store: customer }, cart.id)
    const sentBefore = (await sandbox.requests("authorise")).length

    const page = await admin.logIn(await admin.createLogin(container()))
    await admin.open(`/orders/${order.id}`)
    const section = page
      .getByTestId("acquiring-widget")
      .getByRole("region", { name: "Saved card" })
    await section.getByText(/The customer keeps Visa •••• 4242/).waitFor()
    await section.getByRole("button", { name: "Charge saved card" }).click()

    // the order owes nothing: the amount is staff's, and more than owed asks for a confirmation
    const charge = section.getByRole("button", { name: "Charge card" })
    await section.getByLabel("Amount (USD)").fill("5.005")
    await section.getByText("This currency allows 2 decimal places").waitFor()
    await section.getByLabel("Amount (USD)").fill("5.00")
    await section.getByLabel("Reason").fill("Replacement grinder")
    expect(await charge.isDisabled()).toBe(true)
    await section
      .getByLabel("Charge more than the order owes: the customer agreed to it")
      .check()
    expect(await charge.isDisabled()).toBe(false)
    expect(
      await accessibilityViolations(page, { include: PLUGIN_MARKUP })
    ).toEqual([])
    await admin.screenshot("charge-saved-card-1-form")

    await charge.click()
    // the first toast or the form's alert: a refused or pending charge fails saying what the widget said
    const toast = page.locator("[data-sonner-toast]")
    const refused = section.getByRole("alert")
    await toast
      .or(refused)
      .first()
      .waitFor({ timeout: budget(30_000) })
    expect(
      (await refused.count())
        ? await refused.innerText()
        : await toast.first().innerText()
    ).toBe("Charged 5.00 USD to the saved card 424242******4242.")
    // the widget lists the new payment, and Medusa's Payments card with it, without a reload
    await page
      .getByTestId("acquiring-widget")
      .locator('[data-testid="acquiring-payment"][data-status="authorized"]')
      .nth(1)
      .waitFor({ timeout: budget(30_000) })
    // Medusa's own Payments card offers to capture each of the two authorised payments
    await page
      .getByRole("button", { name: /^Capture( payment)?$/ })
      .nth(1)
      .waitFor({ timeout: budget(30_000) })
    const sent = await sandbox.requests("authorise")
    expect(sent.length).toBe(sentBefore + 1)
    expect(sent.at(-1).body).toMatchObject({
      order_type: "MIT",
      amount: "5.00",
    })
    await admin.screenshot("charge-saved-card-2-charged")
  })

  it("takes a card by phone for what an order owes: the acquirer's page opens in a new tab, no 3-D Secure, and the widget follows without a reload", async () => {
    const shop = await openShop()
    const orderId = await orderOwingTen(suite, shop)
    const page = await admin.logIn(await admin.createLogin(container()))
    await admin.open(`/orders/${orderId}`)
    const links = page
      .getByTestId("acquiring-widget")
      .getByRole("region", { name: "Payment links" })
    await links.getByText("Still owed: 10.00 USD", { exact: true }).waitFor()
    await links.getByRole("button", { name: "Take card by phone" }).click()
    const open = links
      .getByTestId("card-by-phone")
      .getByRole("link", { name: "Open the payment page for 10.00 USD" })
    await open.waitFor()
    expect(await open.getAttribute("target")).toBe("_blank")
    expect(
      await accessibilityViolations(page, { include: PLUGIN_MARKUP })
    ).toEqual([])
    await admin.screenshot("card-by-phone-1-link")

    // staff type the card the customer reads out, on the acquirer's page in a new tab
    await typeCardByPhone(open)

    await links.getByText(/^Still owed/).waitFor({
      state: "detached",
      timeout: budget(30_000),
    })
    await page
      .getByTestId("acquiring-widget")
      .locator('[data-testid="acquiring-payment"][data-status="authorized"]')
      .waitFor({ timeout: budget(30_000) })
    const [tx] = (await sandbox.requests("checkout")).slice(-1)
    expect(tx.body).toMatchObject({ order_type: "MOTO", amount: "10.00" })
    await admin.screenshot("card-by-phone-2-paid")
  })

  it("takes a draft order's card by phone from Medusa's draft-order page: converted to an order, the acquirer's page in a new tab, the payment on the order", async () => {
    const shop = await openShop()
    const draft = await phoneDraftOrder(shop, "draft.by.phone@example.test")
    const total = await pendingDifference(shop, draft.id)
    expect(total).toBeGreaterThan(0)
    const owed = `${total.toFixed(2)} USD`

    const page = await admin.logIn(await admin.createLogin(container()))
    await admin.open(`/draft-orders/${draft.id}`)
    // Medusa's draft-order page, the plugin's widget beside its own sections
    await page.getByText("draft.by.phone@example.test").first().waitFor()
    const widget = page.getByTestId("acquiring-draft-widget")
    await widget.getByText(`Still owed: ${owed}`, { exact: true }).waitFor()
    await widget
      .getByText("Either button converts the draft to an order first")
      .waitFor()
    expect(
      await accessibilityViolations(page, { include: PLUGIN_MARKUP })
    ).toEqual([])
    await widget.scrollIntoViewIfNeeded()
    await admin.screenshot("draft-order-1-widget")

    await widget
      .getByRole("button", { name: "Convert and take card by phone" })
      .click()
    await widget.getByText("The draft is now an order").waitFor()
    const open = widget
      .getByTestId("card-by-phone")
      .getByRole("link", { name: `Open the payment page for ${owed}` })
    await open.waitFor()
    await admin.screenshot("draft-order-2-converted")

    await typeCardByPhone(open)
    const [tx] = (await sandbox.requests("checkout")).slice(-1)
    expect(tx.body).toMatchObject({
      order_type: "MOTO",
      amount: total.toFixed(2),
    })

    // the order the draft became carries the payment, and its page shows it
    const payment = await eventually(
      "the phone payment on the converted draft",
      () => linkPaymentOf(shop, draft.id, HOSTED_PROVIDER),
      30_000
    )
    expect(Number(payment.amount)).toBe(total)
    await widget.getByRole("link", { name: /#\d+/ }).click()
    await page
      .getByTestId("acquiring-widget")
      .locator('[data-testid="acquiring-payment"][data-status="authorized"]')
      .waitFor({ timeout: budget(30_000) })
    // and Medusa's own Payments card offers to capture it
    await page
      .getByRole("button", { name: /^Capture( payment)?$/ })
      .waitFor({ timeout: budget(30_000) })
    await admin.screenshot("draft-order-3-order-paid")
  })
}
