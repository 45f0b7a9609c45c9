import type { Locator, Page } from "playwright-core"
import {
  followsMs,
  type AdminDashboard,
  scrollTo,
} from "../helpers/admin-browser"
import { accessibilityViolations, PLUGIN_MARKUP } from "../helpers/axe"
import type { AcquiringSuite } from "../helpers/acquiring-suite"
import {
  acquiringPaymentDetail,
  adminOrder,
  placeDirectOrder,
} from "../helpers/checkout"
import { eventually } from "../helpers/polling"
import { hostedMethods } from "../helpers/hosted-methods"
import { linksPath } from "../helpers/payment-links"
import {
  editOrder,
  requestEdit,
  setFirstItemQuantity,
} from "../helpers/order-edits"
import { notificationsProcessed } from "../helpers/settlement"
import { expectStatus } from "../../dev/store-client/http-client"
import { capturedOrder, totalPaidReads } from "./order-widget-money.cases"

/**
 * The order page true in every money state without a reload, Medusa's own
 * cards included, as a merchant keeps it open while money moves elsewhere:
 * a bank transfer awaited (never owed: no link, the API refuses one), then
 * received, or lapsed; an authorised order lowered by another admin (what
 * the acquirer released is nowhere pending in Medusa's cards); a
 * chargeback opened and won while the page is open, and a refund Medusa's
 * own drawer sends during it refused in words on the page. Nothing here
 * reloads the page or fakes a return to the tab: each step waits for the
 * text that proves the page followed. axe-core checks the plugin's markup.
 */

/** Medusa's own Payments card (its heading's container). */
function medusaPayments(page: Page): Locator {
  return page
    .getByRole("heading", { name: "Payments", exact: true })
    .locator("xpath=../..")
}

/** Medusa's line "Payment is awaiting authorization from the payment provider." */
const AWAITING_AUTHORIZATION =
  "Payment is awaiting authorization from the payment provider."

export function orderPageMoneyStatesCases(
  suite: AcquiringSuite,
  admin: AdminDashboard
) {
  const { openShop, container, sandbox } = suite
  const { awaitedTransfer } = hostedMethods(suite)

  async function openOrder(orderId: string) {
    const page = await admin.logIn(await admin.createLogin(container()))
    await admin.open(`/orders/${orderId}`)
    const widget = page.getByTestId("acquiring-widget")
    await widget.waitFor()
    return { page, widget }
  }

  const pluginA11y = (page: Page) =>
    accessibilityViolations(page, { include: PLUGIN_MARKUP })

  it("an awaited bank transfer is not owed: no link, the API refuses one, the widget says since and until when; received, the page moves to paid", async () => {
    const shop = await openShop()
    // ten items: 105.00 USD, sent by bank transfer from the hosted page
    const { order, tx } = await awaitedTransfer(shop)

    // the server: nothing owed, the transfer listed, a link refused with the reason
    const listed = expectStatus(
      await shop.admin.get(linksPath(order.id)),
      200,
      "links"
    )
    expect(listed.outstanding).toEqual({ amount: "0.00", currency: "USD" })
    expect(listed.transfers).toEqual([
      expect.objectContaining({
        status: "awaited",
        amount: "105.00",
        currency: "USD",
        payment_method: "BANK_TRANSFER",
      }),
    ])
    const [awaited] = listed.transfers
    // the acquirer's term: 7 days after the transfer began to be awaited
    expect(Date.parse(awaited.until) - Date.parse(awaited.since)).toBe(
      7 * 24 * 60 * 60 * 1000
    )
    const refused = await shop.admin.post(linksPath(order.id), {})
    expect(refused.status).toBe(409)
    expect(refused.data.message).toMatch(
      new RegExp(
        `^Order #${order.display_id} owes nothing: the shopper's bank transfer of 105\\.00 USD, awaited since .+ is on its way\\. A payment link would ask for the same money twice`
      )
    )

    const { page, widget } = await openOrder(order.id)
    const transfer = widget.locator(
      '[data-testid="bank-transfer"][data-status="awaited"]'
    )
    await transfer.waitFor()
    const since = new Date(awaited.since)
    await expect(transfer.textContent()).resolves.toMatch(
      /^Hosted payment pageAwaiting transferMethodBank transferAmount105\.00 USDAwaited since \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC\.The acquirer waits until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC; if nothing arrives by then, the order is cancelled\.Not owed: the money is on its way, so no payment link asks for it\./
    )
    expect(await transfer.textContent()).toContain(
      `${since.getUTCHours().toString().padStart(2, "0")}:${since.getUTCMinutes().toString().padStart(2, "0")} UTC.`
    )
    // never asked for twice: no "Still owed", no link button
    expect(await widget.getByText(/^Still owed/).count()).toBe(0)
    expect(
      await widget.getByRole("button", { name: /payment link/ }).count()
    ).toBe(0)
    await page.getByText(AWAITING_AUTHORIZATION).waitFor()
    await scrollTo(transfer)
    expect(await pluginA11y(page)).toEqual([])
    await admin.screenshot("order-awaiting-transfer")

    // the money arrives at the acquirer; this page is left as it is
    await sandbox.receiveTransfer(tx.transaction_id)
    const paid = widget.locator(
      '[data-testid="acquiring-payment"][data-status="captured"]'
    )
    await paid
      .getByText("Captured", { exact: true })
      .waitFor({ timeout: followsMs() })
    await transfer.waitFor({ state: "detached" })
    // Medusa's own cards follow: no awaiting authorisation, paid in full
    await page
      .getByText(AWAITING_AUTHORIZATION)
      .waitFor({ state: "detached", timeout: followsMs() })
    await totalPaidReads(page, "105.00 USD")
    await expect(paid.textContent()).resolves.toMatch(
      /MethodBank transfer.*Amount105\.00 USD/
    )
    // the acquirer's "awaiting the transfer" no longer stands as the payment's result
    expect(await paid.textContent()).not.toMatch(/P0001|Awaiting the shopper/)
    const [payment] = (await adminOrder(shop, order.id)).payment_collections[0]
      .payments
    expect((await acquiringPaymentDetail(shop, payment.id)).result).toBeNull()
    await scrollTo(paid)
    expect(await pluginA11y(page)).toEqual([])
    await admin.screenshot("order-transfer-received")
  })

  it("a lapsed bank transfer: the page says it was not received and the order cancelled, without a reload", async () => {
    const shop = await openShop()
    const { order, tx } = await awaitedTransfer(shop)
    const { page, widget } = await openOrder(order.id)
    await widget
      .locator('[data-testid="bank-transfer"][data-status="awaited"]')
      .waitFor()

    await sandbox.lapseTransfer(tx.transaction_id)
    const lapsed = widget.locator(
      '[data-testid="bank-transfer"][data-status="not_received"]'
    )
    await lapsed.waitFor({ timeout: followsMs() })
    await expect(lapsed.textContent()).resolves.toMatch(
      /Not received.*Amount105\.00 USDThe transfer did not arrive \(awaited since \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC\): the order was cancelled, and the acquirer refuses money sent for it now\. Nothing was charged/
    )
    // a cancelled order owes nothing: no link offered
    expect(await widget.getByText(/^Still owed/).count()).toBe(0)
    // Medusa's header and Payments card follow the cancellation
    await page
      .getByText(AWAITING_AUTHORIZATION)
      .waitFor({ state: "detached", timeout: followsMs() })
    expect((await adminOrder(shop, order.id)).status).toBe("canceled")
    await page
      .getByText("Canceled", { exact: true })
      .first()
      .waitFor({ timeout: followsMs() })
    await scrollTo(lapsed)
    expect(await pluginA11y(page)).toEqual([])
  })

  it("an authorised order lowered by another admin: Medusa's cards show what was captured, nothing pending, as the acquirer has it", async () => {
    const shop = await openShop()
    // two items of 10.00 and 5.00 shipping: 25.00 authorised
    const { order } = await placeDirectOrder(shop, { quantity: 2 })
    await notificationsProcessed(suite)
    const { page, widget } = await openOrder(order.id)
    const payments = medusaPayments(page)
    await payments.getByText("Authorized", { exact: true }).first().waitFor()

    // another admin lowers it to one item (15.00): 15.00 captured, 10.00 released at the acquirer
    expectStatus(
      await editOrder(shop, order.id, setFirstItemQuantity(shop, order.id, 1)),
      200,
      "confirm the edit"
    )
    const captured = widget.locator(
      '[data-testid="acquiring-payment"][data-status="captured"]'
    )
    await captured
      .getByTestId("released-note")
      .waitFor({ timeout: followsMs() })
    await expect(
      captured.getByTestId("released-note").textContent()
    ).resolves.toMatch(/^10\.00 USD released to the customer/)
    // Medusa's Payments card: captured at 15.00, the card and the order captured, nothing pending
    await totalPaidReads(page, "15.00 USD")
    await payments
      .getByText("$15.00", { exact: true })
      .waitFor({ timeout: followsMs() })
    expect(await payments.getByText("$25.00", { exact: true }).count()).toBe(0)
    expect(await payments.getByText("Total pending").count()).toBe(0)
    expect(await page.getByText("Partially captured").count()).toBe(0)
    expect(
      await payments.getByText("Captured", { exact: true }).count()
    ).toBeGreaterThanOrEqual(2)
    expect(
      await payments
        .getByRole("button", { name: /^Capture( payment)?$/ })
        .count()
    ).toBe(0)
    await scrollTo(payments)
    await admin.screenshot("order-lowered-medusa-payments")
    await scrollTo(captured)
    expect(await pluginA11y(page)).toEqual([])
    await admin.screenshot("order-lowered-captured")
  })

  it("an edit captured for and not confirmed: the widget says what was captured and released and that the edit waits; confirmed, the block goes without a reload", async () => {
    const shop = await openShop()
    // two items of 10.00 and 5.00 shipping: 25.00 authorised, an edit to one item requested
    const { order } = await placeDirectOrder(shop, { quantity: 2 })
    await notificationsProcessed(suite)
    await requestEdit(shop, order.id, setFirstItemQuantity(shop, order.id, 1))
    // what a confirm refused after its capture went through leaves: 15.00 captured for the edit, the edit open
    const [payment] = (await adminOrder(shop, order.id)).payment_collections[0]
      .payments
    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/capture`, {
        amount: 15,
      }),
      200,
      "capture 15.00 while the edit is open"
    )
    await eventually("the edit waiting on the payment's answer", async () =>
      (await acquiringPaymentDetail(shop, payment.id)).order_change
        ? true
        : undefined
    )

    const { page, widget } = await openOrder(order.id)
    const waiting = widget.getByTestId("order-change-waiting")
    await waiting.waitFor({ timeout: followsMs() })
    await expect(waiting.textContent()).resolves.toMatch(
      /^Order edit waiting for its confirmThe order edit begun .+ was not confirmed: 15\.00 USD was captured for it and 10\.00 USD released to the customer\.Until it is confirmed, Medusa keeps the order at its total before the order edit \(25\.00 USD\).*Confirm the order edit again to bring the order to 15\.00 USD/
    )
    // no link offered for the old total's 10.00
    expect(
      await widget.getByRole("button", { name: "Create payment link" }).count()
    ).toBe(0)
    await scrollTo(waiting)
    expect(await pluginA11y(page)).toEqual([])
    await admin.screenshot("order-edit-waiting-for-confirm")

    // confirmed (here by another admin): the block goes, the order at 15.00 captured
    expectStatus(
      await shop.admin.post(`/admin/order-edits/${order.id}/confirm`, {}),
      200,
      "confirm the edit"
    )
    await waiting.waitFor({ state: "detached", timeout: followsMs() })
    await totalPaidReads(page, "15.00 USD")
    expect(await page.getByText("Total pending").count()).toBe(0)
  })

  it("a chargeback opened while the page is open appears; a refund Medusa's drawer sends meanwhile is refused in words on the page; won, the block goes", async () => {
    const shop = await openShop()
    const { order, paymentId } = await capturedOrder(shop)
    const { transaction_id } = await acquiringPaymentDetail(shop, paymentId)
    const { page, widget } = await openOrder(order.id)
    await widget
      .locator('[data-testid="acquiring-payment"][data-status="captured"]')
      .waitFor()

    // the card holder's bank disputes 5.00 while the merchant looks at the order
    const { chargeback_reference: reference } = await sandbox.openChargeback(
      transaction_id,
      {
        amount: "5.00",
        reason: "4837:No cardholder authorisation",
        respond_by_days: 2,
      }
    )
    const disputed = widget.getByRole("region", { name: "Open chargebacks" })
    await disputed.waitFor({ timeout: followsMs() })
    await expect(disputed.textContent()).resolves.toContain(
      `Chargeback ${reference}`
    )

    // the merchant refunds 5.00 with Medusa's own drawer: the acquirer would refuse, so the plugin does
    await openRefundDrawer(page, paymentId)
    const drawer = page.getByRole("dialog")
    await drawer.locator('input[placeholder="0.00"]').fill("5.00")
    await drawer.getByRole("button", { name: "Save", exact: true }).click()
    const refusal = widget.getByTestId("page-refusal")
    await refusal.waitFor({ state: "attached" })
    // the drawer shows nothing that lasts; the merchant leaves it (Medusa asks first when it counts the typed amount as a change; once it did not)
    await drawer.getByRole("button", { name: "Cancel", exact: true }).click()
    const leave = page
      .getByRole("alertdialog")
      .getByRole("button", { name: "Continue", exact: true })
    await Promise.race([leave.waitFor(), drawer.waitFor({ state: "detached" })])
    if (await leave.isVisible()) await leave.click()
    await drawer.waitFor({ state: "detached" })
    await refusal.waitFor()
    await expect(refusal.textContent()).resolves.toMatch(
      new RegExp(
        `^Not done \\(.+\\): This payment has an open chargeback: ${reference} of 5\\.00 USD .*nothing was refunded`
      )
    )
    expect(
      (await acquiringPaymentDetail(shop, paymentId)).refunds
    ).toHaveLength(0)
    await scrollTo(refusal)
    expect(await pluginA11y(page)).toEqual([])
    await admin.screenshot("order-disputed-refund-refused")

    // dismissed, it goes
    await refusal.getByRole("button", { name: /^Dismiss/ }).click()
    await refusal.waitFor({ state: "detached" })

    // won at the acquirer: the page follows, nothing withheld any more
    await sandbox.decideChargeback(reference, "win")
    const won = widget.getByTestId("decided-chargeback")
    await won.waitFor({ timeout: followsMs() })
    await expect(won.textContent()).resolves.toMatch(
      /^Won: 5\.00 USD paid back/
    )
    await disputed.waitFor({ state: "detached" })
    await totalPaidReads(page, "15.00 USD")

    // the merchant steps to the orders list; meanwhile another admin refunds 4.00
    await page
      .getByRole("link", { name: "Orders", exact: true })
      .first()
      .click()
    await page.waitForURL((url) => url.pathname.endsWith("/orders"))
    expectStatus(
      await shop.admin.post(`/admin/payments/${paymentId}/refund`, {
        amount: 4,
      }),
      200,
      "refund"
    )
    // everything the refund leads to (the acquirer's notification) is done before the merchant returns
    await notificationsProcessed(suite)
    // back to the order: Medusa shows it from its cache, and the page refreshes it at once
    await page.goBack()
    const [refund] = (await acquiringPaymentDetail(shop, paymentId)).refunds
    await widget
      .getByText(`Refund ${refund.refund_reference_id}`, { exact: true })
      .waitFor({ timeout: followsMs() })
    await totalPaidReads(page, "11.00 USD")
  })
}

/** Medusa's refund drawer of the payment, opened from its row's menu in the Payments card. */
async function openRefundDrawer(page: Page, paymentId: string) {
  // the row shows the payment's short id (its last 7 characters) and holds one button, its menu
  const row = medusaPayments(page)
    .locator("div.grid")
    .filter({ hasText: `#${paymentId.slice(-7)}` })
  await row.getByRole("button").click()
  await page.getByRole("menuitem", { name: "Refund" }).click()
  await page.getByRole("dialog").waitFor()
}
