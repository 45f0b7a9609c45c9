import type { AdminDashboard } from "../helpers/admin-browser"
import { accessibilityViolations, PLUGIN_MARKUP } from "../helpers/axe"
import type { AcquiringSuite } from "../helpers/acquiring-suite"
import { customerKeepsCard } from "../helpers/checkout"
import { expectStatus } from "../../dev/store-client/http-client"
import { budget } from "../setup/time-budget"

/**
 * The admin dashboard with the plugin's extensions, in Chromium: the
 * Payouts page from the sidebar, a payout created in the form (a mistake
 * named beside its field first), its page following it to Completed; a
 * customer's saved cards on the customer page, one deleted there; the
 * Refunds page. axe-core checks every part the plugin renders on the way.
 */

export function adminPagesCases(
  { sandbox, container, openShop, backendUrl }: AcquiringSuite,
  admin: AdminDashboard
) {
  it("creates a payout in the form and sees it complete", async () => {
    const login = await admin.createLogin(container())
    const page = await admin.logInThroughForm(login)

    await page.getByRole("link", { name: "Payouts" }).first().click()
    await page.getByRole("heading", { name: "Payouts" }).first().waitFor()
    expect(new URL(page.url()).pathname).toBe("/app/payouts")
    const pluginA11y = () =>
      accessibilityViolations(page, { include: PLUGIN_MARKUP })
    expect(await pluginA11y()).toEqual([])
    await admin.screenshot("payouts-1-list-empty")

    await page.getByRole("button", { name: "Create payout" }).click()
    const modal = page.getByRole("dialog")
    const beneficiary = modal.locator('[data-group="beneficiary"]')
    // checked as the merchant types: USD has two decimal places
    await modal.getByLabel("Amount").fill("250.125")
    await expect(
      modal.getByTestId("error-payment_amount").textContent()
    ).resolves.toMatch(/USD allows 2 decimal places/)
    await modal.getByLabel("Amount").fill("250.00")
    await beneficiary.getByLabel("Company name").fill("Acme Supplies Ltd")
    await beneficiary.getByLabel("IBAN").fill("GB33 BUKB 2020 1555 5555 55")
    await beneficiary.getByLabel("SWIFT / BIC").fill("BUKBGB22")
    await modal.getByLabel("Reference").fill("INV-BROWSER-1")
    expect(await modal.getByTestId("error-payment_amount").count()).toBe(0)
    expect(await pluginA11y()).toEqual([])
    await admin.screenshot("payouts-2-form")

    await modal.getByRole("button", { name: "Send payout" }).click()
    await page.waitForURL(/\/app\/payouts\/acqpo_/, { timeout: budget(30_000) })
    // the sandbox completes the payout after a second and notifies the store; the page follows
    await page
      .getByTestId("payout-status")
      .filter({ hasText: "Completed" })
      .first()
      .waitFor({ timeout: budget(60_000) })
    await expect(page.getByTestId("answer-status").textContent()).resolves.toBe(
      "COMPLETED"
    )
    // the breadcrumbs name the list and this payout
    const trail = page.locator("ol.select-none").first()
    await trail.getByText("Payout 250.00 USD").waitFor()
    expect(
      (await trail.locator("li").allInnerTexts()).map((item) => item.trim())
    ).toEqual(["Payouts", "Payout 250.00 USD"])
    expect(await pluginA11y()).toEqual([])
    await admin.screenshot("payouts-3-detail-completed")
    const content = await page.content()
    expect(content).toContain("••••5555")
    expect(content).not.toContain("GB33BUKB20201555555555")

    const made = (await sandbox.payouts()).filter(
      (p) => p.status === "COMPLETED"
    )
    expect(made.length).toBeGreaterThanOrEqual(1)

    await admin.open("/payouts")
    const row = page.getByTestId("payout-row").filter({
      hasText: "INV-BROWSER-1",
    })
    await row.waitFor()
    await expect(row.textContent()).resolves.toMatch(/Completed/)
    await expect(row.textContent()).resolves.toMatch(/250\.00 USD/)
    expect(await pluginA11y()).toEqual([])
    await admin.screenshot("payouts-4-list-completed")

    // the Refunds page: a search for an order number nobody has, answered beside the field
    await page
      .getByRole("link", { name: "Refunds at acquirer" })
      .first()
      .click()
    await page.getByRole("heading", { name: "Refunds at acquirer" }).waitFor()
    expect(await pluginA11y()).toEqual([])
    await page.locator("textarea").fill("#9999")
    await page.getByRole("button", { name: "Search", exact: true }).click()
    await expect(
      page.getByTestId("refund-search-unmatched").textContent()
    ).resolves.toMatch(/#9999/)
    expect(await pluginA11y()).toEqual([])
    await admin.screenshot("refunds-1-search")
  })

  it("lists a customer's saved cards on the customer page and deletes one there", async () => {
    const shop = await openShop()
    const { store: customer } = await customerKeepsCard(
      shop,
      backendUrl,
      "card.keeper@example.test"
    )
    const { customer: me } = expectStatus(
      await customer.get("/store/customers/me"),
      200,
      "me"
    )

    const login = await admin.createLogin(container())
    const page = await admin.logIn(login)
    await admin.open(`/customers/${me.id}`)
    const widget = page.getByTestId("acquiring-saved-cards")
    await widget.getByRole("heading", { name: "Saved cards" }).waitFor()
    const row = widget.getByRole("row").filter({ hasText: "424242******4242" })
    await row.waitFor()
    await expect(row.textContent()).resolves.toMatch(/Visa/)
    await expect(row.textContent()).resolves.toMatch(/Never/)
    // below Medusa's own customer sections
    await widget.scrollIntoViewIfNeeded()
    expect(
      await accessibilityViolations(page, { include: PLUGIN_MARKUP })
    ).toEqual([])
    await admin.screenshot("saved-cards-admin-1-customer-page")

    await row.getByRole("button", { name: "Delete Visa •••• 4242" }).click()
    const prompt = page.getByRole("alertdialog")
    await prompt.getByText("Delete Visa •••• 4242?").waitFor()
    expect(
      await accessibilityViolations(page, { include: PLUGIN_MARKUP })
    ).toEqual([])
    await admin.screenshot("saved-cards-admin-2-confirm")
    await prompt.getByRole("button", { name: "Delete" }).click()
    await widget.getByText("No saved cards").waitFor()
    await widget.scrollIntoViewIfNeeded()
    await admin.screenshot("saved-cards-admin-3-deleted")
    expect(
      expectStatus(
        await customer.get("/store/acquiring/saved-cards"),
        200,
        "the customer's cards"
      ).saved_cards
    ).toEqual([])
  })
}
