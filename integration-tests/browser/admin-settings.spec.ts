import { randomBytes } from "node:crypto"
import { adminDashboard } from "../helpers/admin-browser"
import { accessibilityViolations, PLUGIN_MARKUP } from "../helpers/axe"
import { acquiringSuite, CARD_PROVIDER } from "../helpers/acquiring-suite"
import {
  adminPayment,
  cartWithSession,
  expectOrder,
  paidSession,
  submitCard,
} from "../helpers/checkout"
import { CARDS } from "../helpers/test-cards"
import { expectStatus } from "../../dev/store-client/http-client"

jest.setTimeout(300_000)

// Booted with no provider options at all, as a merchant configuring from the admin alone
process.env.ACQUIRING_TEST_EMPTY_OPTIONS = "1"
// the key that encrypts sign keys at rest, before the app boots
process.env.ACQUIRING_SETTINGS_KEY = randomBytes(32).toString("hex")

/**
 * The admin's first hour, in Chromium: Settings → Acquiring with nothing
 * configured (the banner says payments are refused and why), an account
 * added with only the required fields (each missing one named beside it
 * first), its connection tested, an order paid with a card held for risk
 * review and released from the order widget, then one field changed and the
 * audit showing only it. axe-core checks every part the plugin renders.
 */
const admin = adminDashboard()

const REQUIRED = [
  "name",
  "merchant_id",
  "account_id",
  "sign_key",
  "base_url",
  "website_url",
  "backend_url",
  "storefront_url",
]

acquiringSuite(({ sandbox, openShop, container, backendUrl }) => {
  it("goes from empty settings to a paid order and an audited change", async () => {
    const shop = await openShop()
    const login = await admin.createLogin(container())
    const page = await admin.logIn(login)
    const pluginA11y = () =>
      accessibilityViolations(page, { include: PLUGIN_MARKUP })

    // Settings → Acquiring, through the sidebars as a merchant gets there
    await page.getByRole("link", { name: "Settings" }).first().click()
    await page.getByRole("link", { name: "Acquiring" }).click()
    await page.getByRole("heading", { name: "Acquiring", level: 1 }).waitFor()
    expect(new URL(page.url()).pathname).toBe("/app/settings/acquiring")
    const banner = page.getByTestId("configuration-faults")
    await expect(banner.textContent()).resolves.toMatch(
      /being refused.*add an account in Settings → Acquiring/
    )
    expect(await pluginA11y()).toEqual([])
    await admin.screenshot("first-hour-1-nothing-configured")

    await page.getByRole("button", { name: "Add account" }).click()
    const drawer = page.getByRole("dialog")
    await drawer.getByLabel("Name").waitFor()
    expect(await pluginA11y()).toEqual([])
    // saved empty: every required field is named beside it, focus on the first
    await drawer.getByRole("button", { name: "Save" }).click()
    for (const field of REQUIRED)
      await expect(
        drawer.getByTestId(`error-${field}`).textContent()
      ).resolves.toMatch(/required/)
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("name")
    expect(
      await drawer.getByLabel("Name").getAttribute("aria-describedby")
    ).toContain("name-error")
    expect(await pluginA11y()).toEqual([])
    await admin.screenshot("first-hour-2-required-fields")

    await drawer.getByLabel("Name").fill("Sandbox")
    await drawer.getByLabel("Merchant ID").fill(sandbox.account.merchant_id)
    await drawer.getByLabel("Account ID").fill(sandbox.account.account_id)
    await drawer.getByLabel("Sign key").fill(sandbox.account.sign_key)
    await drawer.getByLabel("Website URL").fill("https://shop.example.test")
    await drawer.getByLabel("Backend URL").fill(backendUrl())
    await drawer
      .getByLabel("Storefront return page")
      .fill("https://shop.example.test/checkout/return")
    // a URL that is not one is named beside its field, and focused
    await drawer.getByLabel("Gateway base URL").fill("not a url")
    await drawer.getByRole("button", { name: "Save" }).click()
    await expect(
      drawer.getByTestId("error-base_url").textContent()
    ).resolves.toMatch(/absolute http\(s\) URL/)
    expect(await drawer.getByTestId("error-name").count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(
      "base_url"
    )
    await admin.screenshot("first-hour-3-form-error")
    await drawer.getByLabel("Gateway base URL").fill(sandbox.url())
    await drawer.getByRole("button", { name: "Save" }).click()
    await drawer.waitFor({ state: "hidden" })

    const account = page.getByTestId("acquiring-account")
    await account.getByText("Sandbox").waitFor()
    await expect(account.textContent()).resolves.toMatch(/sign key set/)
    await banner.waitFor({ state: "detached" })
    // the page never shows the key itself
    await expect(page.content()).resolves.not.toContain(
      sandbox.account.sign_key
    )

    await account.getByRole("button", { name: "Test connection" }).click()
    const verdict = page.getByTestId("connection-verdict")
    await verdict.waitFor()
    expect(await verdict.getAttribute("data-outcome")).toBe("accepted")
    expect(await verdict.textContent()).toMatch(/accepted/i)
    expect(await pluginA11y()).toEqual([])
    await admin.screenshot("first-hour-4-connection-accepted")

    // an order paid with a card the acquirer holds for risk review
    const { cart, session } = await cartWithSession(shop, CARD_PROVIDER)
    await paidSession(
      shop,
      await submitCard(shop, session.id, CARDS.review),
      "submit review card"
    )
    const order = await expectOrder(shop, cart.id)
    const payment = await adminPayment(shop, order.id)
    const { payment: detail } = expectStatus(
      await shop.admin.get(`/admin/acquiring/payments/${payment.id}`),
      200,
      "payment detail"
    )

    await admin.open(`/orders/${order.id}`)
    const widget = page.getByTestId("acquiring-payment")
    await widget.getByText("Held for review").waitFor()
    await expect(widget.textContent()).resolves.toMatch(
      /velocity_check: REVIEW/
    )
    await widget.scrollIntoViewIfNeeded()
    await admin.screenshot("first-hour-5-order-held")

    expect(await pluginA11y()).toEqual([])
    await widget.getByRole("button", { name: "Release" }).click()
    // a money decision is confirmed first
    const prompt = page.getByRole("alertdialog")
    await prompt.waitFor()
    expect(await pluginA11y()).toEqual([])
    await admin.screenshot("first-hour-6-release-confirm")
    await prompt.getByRole("button", { name: "Release payment" }).click()
    // the widget changes without a reload: the decision and who made it
    await widget.getByText(`Released by ${login.email}`).waitFor()
    expect(await widget.getAttribute("data-review")).toBe("released")
    expect(await widget.getByRole("button", { name: "Release" }).count()).toBe(
      0
    )
    expect((await sandbox.transaction(detail.transaction_id)).state).toBe(
      "authorised"
    )
    await admin.screenshot("first-hour-7-order-released")

    // one field changed: the audit lists only it, old → new
    await admin.open("/settings/acquiring")
    await account.getByRole("button", { name: "Edit" }).click()
    await drawer.getByLabel("Order number prefix").fill("SHOP")
    await drawer.getByRole("button", { name: "Save" }).click()
    await drawer.waitFor({ state: "hidden" })
    const newest = page.getByTestId("acquiring-change").first()
    await newest.getByText("order_prefix").waitFor()
    const entry = (await newest.textContent()) ?? ""
    expect(entry).toMatch(/order_prefix: medusa-config → SHOP/)
    for (const untouched of ["base_url", "enabled", "merchant_id", "name:"])
      expect(entry).not.toContain(untouched)
    expect(entry).toContain(login.email)
    expect(await pluginA11y()).toEqual([])
    await page.getByTestId("acquiring-change").first().scrollIntoViewIfNeeded()
    await admin.screenshot("first-hour-8-audit")

    // the account disabled: the order page says why its payments are refused
    const accountId = (await shop.admin.get("/admin/acquiring/settings")).data
      .accounts[0].id
    expectStatus(
      await shop.admin.post(`/admin/acquiring/settings/accounts/${accountId}`, {
        enabled: false,
      }),
      200,
      "disable the account"
    )
    await admin.open(`/orders/${order.id}`)
    const orderBanner = page
      .getByTestId("acquiring-widget")
      .getByTestId("configuration-faults")
    await expect(orderBanner.textContent()).resolves.toMatch(
      /"Sandbox" is disabled.*turn Enabled on/
    )
    expect(await pluginA11y()).toEqual([])
    await orderBanner.scrollIntoViewIfNeeded()
    await admin.screenshot("first-hour-9-order-banner")
  })
})
