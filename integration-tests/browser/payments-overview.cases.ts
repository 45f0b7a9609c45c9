import { readFile } from "node:fs/promises"
import type { AdminDashboard } from "../helpers/admin-browser"
import { accessibilityViolations, PLUGIN_MARKUP } from "../helpers/axe"
import { type AcquiringSuite, CARD_PROVIDER } from "../helpers/acquiring-suite"
import { cartWithSession, submitCard } from "../helpers/checkout"
import { expectStatus } from "../../dev/store-client/http-client"
import { CARDS } from "../helpers/test-cards"
import { eventually } from "../helpers/polling"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { capturedOrder } from "./order-widget-money.cases"

/**
 * The Payments overview page in Chromium: a payment captured and a card
 * declined today show as the tiles, the day's bars and their numbers, the
 * decline's reason, the money captured and the CSV of a figure, and the
 * declined request found by the Payment history search the figure links
 * to; the page reached from the admin's menu, its numbers opened by
 * keyboard, axe-core on the plugin's markup.
 */
export function paymentsOverviewPageCases(
  suite: AcquiringSuite,
  admin: AdminDashboard
) {
  const { openShop, container } = suite

  it("shows a day's approvals, a decline's reason, the money captured and a figure's CSV; the numbers open by keyboard", async () => {
    const shop = await openShop()
    await capturedOrder(shop)
    const { session } = await cartWithSession(shop, CARD_PROVIDER)
    expectStatus(
      await submitCard(shop, session.id, CARDS.declined),
      402,
      "declined card"
    )
    const today = new Date().toISOString().slice(0, 10)
    // the order took the approved payment (order.placed, handled by the worker's subscriber)
    const pg = container().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    await eventually("the order's payment marked ordered", async () =>
      (
        await pg.raw(
          `select 1 from acquiring_attempt_outcome where ordered_at is not null`
        )
      ).rows.length
        ? true
        : undefined
    )

    const page = await admin.logIn(await admin.createLogin(container()))
    await admin.open("/orders")
    await page.getByRole("link", { name: "Payments overview" }).first().click()
    await page.getByRole("heading", { name: "Payments overview" }).waitFor()
    const tiles = page.getByTestId("overview-tiles")
    await tiles.getByText("50.0 %").waitFor()
    await expect(tiles.innerText()).resolves.toMatch(
      /Attempts\s+2\s+Approval rate\s+50\.0 %\s+Declined\s+1\s+Outcome unknown now\s+0/
    )
    // the day's bars are drawn, and their numbers are a table
    await page
      .getByTestId("figure-attempts")
      .locator(".recharts-bar-rectangle")
      .first()
      .waitFor()
    const decline = page.getByTestId("decline-row")
    await expect(decline.innerText()).resolves.toMatch(
      /^declined by issuer\s+E0008\s+USD\s+1$/
    )
    await expect(page.getByTestId("money-row").innerText()).resolves.toMatch(
      new RegExp(`^${today}\\s+15\\.00 USD\\s+1\\s+0\\.00 USD\\s+0$`)
    )
    await expect(
      page.getByTestId("order-lag-row").innerText()
    ).resolves.toMatch(
      new RegExp(`^${today}\\s+1\\s+(\\d+\\.\\d s)\\s+\\1\\s+\\1$`)
    )
    expect(
      await accessibilityViolations(page, { include: PLUGIN_MARKUP })
    ).toEqual([])
    await admin.screenshot("payments-overview-1")
    // axe judges contrast in view only: the cards further down, in view
    await page.getByTestId("figure-money").scrollIntoViewIfNeeded()
    expect(
      await accessibilityViolations(page, { include: PLUGIN_MARKUP })
    ).toEqual([])
    await page.getByTestId("figure-order-lag").scrollIntoViewIfNeeded()
    expect(
      await accessibilityViolations(page, { include: PLUGIN_MARKUP })
    ).toEqual([])
    await admin.screenshot("payments-overview-2")

    // the numbers behind the chart, opened from the keyboard
    const summary = page.getByText("The numbers by day")
    await summary.focus()
    await page.keyboard.press("Enter")
    const todayRow = page
      .getByTestId("figure-attempts")
      .getByRole("row")
      .filter({ hasText: today })
    await expect(todayRow.innerText()).resolves.toMatch(
      /^\d{4}-\d{2}-\d{2}\s+2\s+1\s+1\s+0\s+50\.0 %$/
    )
    expect(
      await accessibilityViolations(page, { include: PLUGIN_MARKUP })
    ).toEqual([])

    // the declines' CSV, as finance opens it
    const downloading = page.waitForEvent("download")
    await page
      .getByRole("button", { name: "Export Declines by reason as CSV" })
      .click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(
      /^payments-declines-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/
    )
    const csv = await readFile((await download.path())!, "utf8")
    expect(csv.trim().split("\n")).toEqual([
      "currency,code,meaning,count",
      "USD,E0008,declined by issuer,1",
    ])

    // the payments behind the declines: the history's search, filled in and run
    await page
      .getByRole("link", { name: "The declined requests in Payment history" })
      .click()
    await page.getByRole("heading", { name: "Payment history" }).waitFor()
    await expect(page.getByLabel("Operation").inputValue()).resolves.toBe(
      "authorise, checkout"
    )
    await expect(page.getByLabel("Outcome").inputValue()).resolves.toBe(
      "refused"
    )
    await page
      .getByTestId("history-count")
      .getByText("1 entry matches this search")
      .waitFor()
    await expect(page.getByTestId("history-row").innerText()).resolves.toMatch(
      /E0008/
    )
  })
}
