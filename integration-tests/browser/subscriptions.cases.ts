import type { AdminDashboard } from "../helpers/admin-browser"
import { accessibilityViolations, PLUGIN_MARKUP } from "../helpers/axe"
import { type AcquiringSuite, CARD_PROVIDER } from "../helpers/acquiring-suite"
import { adminPayment, expectOrder, submitCard } from "../helpers/checkout"
import { notificationsProcessed } from "../helpers/settlement"
import { CARDS } from "../helpers/test-cards"
import { expectStatus } from "../../dev/store-client/http-client"
import {
  openPaymentSession,
  SHOPPER_DEVICE,
} from "../../dev/store-client/storefront"
import { budget } from "../setup/time-budget"

/**
 * The Subscriptions page as a merchant meets it, in Chromium: a
 * subscription whose first deduction was declined and its retry paid reads
 * Active with its renewal order linked and one failed try; Cancel asks
 * first, then the row reads Cancelled without a reload. axe-core checks the
 * page on the way.
 */
export function subscriptionsPageCases(
  suite: AcquiringSuite,
  admin: AdminDashboard
) {
  const { openShop, container, sandbox } = suite

  it("lists a subscription with its renewal order and failed try, and cancels it after asking", async () => {
    const shop = await openShop()
    const cart = await shop.readyCart()
    const { session } = await openPaymentSession(
      shop.store,
      cart.id,
      CARD_PROVIDER,
      {
        device: SHOPPER_DEVICE,
        subscription: {
          contract_name: "Tea club",
          contract_amount: "15.00",
          interval: "month",
          interval_count: "1",
        },
      }
    )
    expectStatus(await submitCard(shop, session.id, CARDS.approved), 200, "pay")
    const order = await expectOrder(shop, cart.id)
    const payment = await adminPayment(shop, order.id)
    const { recurring_id } = (
      await sandbox.transaction(String(payment.data.transaction_id))
    ).subscription
    await sandbox.deduct(recurring_id, "declined")
    await sandbox.deduct(recurring_id, "approved")
    await notificationsProcessed(suite)

    const page = await admin.logIn(await admin.createLogin(container()))
    const pluginA11y = () =>
      accessibilityViolations(page, { include: PLUGIN_MARKUP })
    // from the orders list, through the sidebar as a merchant gets there
    await admin.open("/orders")
    await page.getByRole("link", { name: "Subscriptions" }).first().click()
    await page.getByRole("heading", { name: "Subscriptions" }).waitFor()
    expect(new URL(page.url()).pathname).toBe("/app/subscriptions")
    const row = page
      .getByTestId("subscription-row")
      .filter({ hasText: recurring_id })
    await row.waitFor()
    await expect(row.textContent()).resolves.toMatch(
      new RegExp(
        `^Tea club${recurring_id}Active15\\.00 USDevery month\\d{4}-\\d{2}-\\d{2}\\d{2}:\\d{2}:\\d{2}First #${order.display_id}Renewals#\\d+1Cancel$`
      )
    )
    await expect(
      row
        .getByRole("link", { name: `#${order.display_id}` })
        .getAttribute("href")
    ).resolves.toBe(`/app/orders/${order.id}`)
    expect(await pluginA11y()).toEqual([])
    await admin.screenshot("subscriptions-1-list")

    await row
      .getByRole("button", { name: `Cancel subscription ${recurring_id}` })
      .click()
    const prompt = page.getByRole("alertdialog")
    await expect(prompt.textContent()).resolves.toMatch(
      /Cancel this subscription\?.*stops charging "Tea club"/
    )
    await admin.screenshot("subscriptions-2-confirm")
    await prompt.getByRole("button", { name: "Cancel subscription" }).click()
    await row.getByText("Cancelled").waitFor({ timeout: budget(30_000) })
    expect(await row.getByRole("button").count()).toBe(0)
    expect((await sandbox.subscription(recurring_id)).status).toBe("cancelled")
    expect(await pluginA11y()).toEqual([])
    await admin.screenshot("subscriptions-3-cancelled")
  })
}
