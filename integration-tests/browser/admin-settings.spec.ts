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
import { sandboxAccountBody } from "../helpers/sandbox-account"
import type { Page } from "playwright-core"
import { budget } from "../setup/time-budget"

jest.setTimeout(budget(300_000))

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
 * audit showing only it, then the account disabled from its drawer (asked
 * first, saying what shoppers meet) and Test connection saying what to fix.
 * Focus goes back to the control that opened the drawer or a dialog; the
 * breadcrumbs name each plugin page. axe-core checks every part the plugin
 * renders.
 */
const admin = adminDashboard()

/** The dashboard's breadcrumbs as they read, e.g. "Settings › Acquiring". */
async function breadcrumbs(page: Page): Promise<string> {
  const trail = page.locator("ol.select-none").first()
  await trail.locator("li").last().waitFor()
  const items = await trail.locator("li").allInnerTexts()
  return items.map((item) => item.trim()).join(" › ")
}

/** Waits until the focused element is the button named `name` (not <body>). */
async function expectFocusOn(page: Page, name: string) {
  const focused = () =>
    page.evaluate(() => {
      const active = document.activeElement
      return active?.tagName === "BUTTON"
        ? active.textContent?.trim()
        : active?.tagName
    })
  await page
    .waitForFunction(
      (wanted) =>
        document.activeElement?.tagName === "BUTTON" &&
        document.activeElement.textContent?.trim() === wanted,
      name,
      { timeout: budget(5_000) }
    )
    .catch(async () => {
      throw new Error(`focus is on ${await focused()}, not on "${name}"`)
    })
}

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
    const page = await admin.logInThroughForm(login)
    const pluginA11y = () =>
      accessibilityViolations(page, { include: PLUGIN_MARKUP })

    // Settings → Acquiring, through the sidebars as a merchant gets there
    await page.getByRole("link", { name: "Settings" }).first().click()
    await page.getByRole("link", { name: "Acquiring" }).click()
    await page.getByRole("heading", { name: "Acquiring", level: 1 }).waitFor()
    expect(new URL(page.url()).pathname).toBe("/app/settings/acquiring")
    expect(await breadcrumbs(page)).toBe("Settings › Acquiring")
    const banner = page.getByTestId("configuration-faults")
    await expect(banner.textContent()).resolves.toMatch(
      /being refused.*add an account in Settings → Acquiring/
    )
    // options: {} in medusa-config: nothing to fall back on, and the page says so
    await expect(page.getByTestId("no-account").textContent()).resolves.toMatch(
      /not complete: card payments are refused until you add an account/
    )
    const providers = page.getByTestId("acquiring-provider")
    await expect(
      providers.first().getByTestId("provider-serving").textContent()
    ).resolves.toMatch(/^Card payments refused: no account/)
    // capture_on and auto_capture: one row
    const values = (await providers.first().textContent()) ?? ""
    expect(values).toMatch(/captureBy hand, from the order pagedefault/)
    expect(values).not.toContain("auto_capture")
    expect(values).toMatch(/modelivedefault/)
    expect(await pluginA11y()).toEqual([])
    await admin.screenshot("first-hour-1-nothing-configured")

    // the drawer closed with Esc gives focus back to the button that opened it
    const addAccount = page.getByRole("button", { name: "Add account" })
    await addAccount.click()
    const drawer = page.getByRole("dialog")
    await drawer.getByLabel("Name").waitFor()
    await page.keyboard.press("Escape")
    await drawer.waitFor({ state: "hidden" })
    await expectFocusOn(page, "Add account")

    await addAccount.click()
    await drawer.getByLabel("Name").waitFor()
    // a new account starts in Live, the default the Providers block lists
    await expect(
      drawer.getByRole("combobox", { name: "Mode" }).textContent()
    ).resolves.toBe("Live")
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
    // limited to the shop's sales channel, ticked by its name among the store's channels
    await drawer.getByRole("checkbox", { name: "Web shop" }).check()
    await drawer.getByRole("button", { name: "Save" }).click()
    await drawer.waitFor({ state: "hidden" })
    await expectFocusOn(page, "Add account")
    const [saved] = expectStatus(
      await shop.admin.get("/admin/acquiring/settings"),
      200,
      "settings"
    ).accounts
    expect([saved.sales_channels, saved.regions]).toEqual([
      [shop.seeded.salesChannelId],
      [],
    ])
    // the map of sales channels and regions: the shop's channel is the account's, Medusa's default channel nobody's
    const coverage = page.getByTestId("coverage")
    await coverage.getByTestId("coverage-row").first().waitFor()
    const rows = await coverage.getByTestId("coverage-row").allInnerTexts()
    expect(rows.map((r) => r.split(/\s*\t\s*|\n+/).join(" | ")).sort()).toEqual(
      [
        "Default Sales Channel | Region USD (USD) | Nobody: card payments refused",
        "Web shop | Region USD (USD) | Sandbox",
      ]
    )
    await expect(
      coverage.getByTestId("coverage-gaps").textContent()
    ).resolves.toMatch(
      /^No account serves card payments for Default Sales Channel in Region USD:/
    )
    expect(await pluginA11y()).toEqual([])
    await admin.screenshot("first-hour-4a-sales-channels-and-regions")

    const account = page.getByTestId("acquiring-account")
    await account.getByText("Sandbox").waitFor()
    await expect(account.textContent()).resolves.toMatch(/sign key set/)
    // the row says what the account is limited to, by name
    await account
      .getByText("Sales channels: Web shop", { exact: true })
      .waitFor()
    await banner.waitFor({ state: "detached" })
    // the page never shows the key itself
    await expect(page.content()).resolves.not.toContain(
      sandbox.account.sign_key
    )

    // from the keyboard: focus stays on the button while the verdict is announced
    await account.getByRole("button", { name: "Test connection" }).focus()
    await page.keyboard.press("Enter")
    const verdict = page.getByTestId("connection-verdict")
    await verdict.waitFor()
    await expectFocusOn(page, "Test connection")
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
    await expectFocusOn(page, "Edit")
    const newest = page.getByTestId("acquiring-change").first()
    await newest.getByText("order_prefix").waitFor()
    const entry = (await newest.textContent()) ?? ""
    // medusa-config sets no prefix: the blank was the default's
    expect(entry).toMatch(/order_prefix: default \(MED\) → SHOP/)
    for (const untouched of ["base_url", "enabled", "merchant_id", "name:"])
      expect(entry).not.toContain(untouched)
    expect(entry).toContain(login.email)
    expect(await pluginA11y()).toEqual([])
    await page.getByTestId("acquiring-change").first().scrollIntoViewIfNeeded()
    await admin.screenshot("first-hour-8-audit")

    // Delete asks first, saying what follows; Cancel gives focus back to Delete
    await account.getByRole("button", { name: "Delete" }).click()
    await prompt.waitFor()
    await expect(prompt.textContent()).resolves.toMatch(
      /last account serving its payments.*then refuse card payments.*Card payments are unavailable right now/
    )
    expect(await pluginA11y()).toEqual([])
    await prompt.getByRole("button", { name: "Cancel" }).click()
    await prompt.waitFor({ state: "hidden" })
    await expectFocusOn(page, "Delete")

    // disabling the only account from its drawer asks first, naming what shoppers meet
    await account.getByRole("button", { name: "Edit" }).click()
    await drawer.getByRole("switch", { name: "Enabled" }).click()
    await drawer.getByRole("button", { name: "Save" }).click()
    await prompt.getByText("Disable Sandbox?").waitFor()
    await expect(prompt.textContent()).resolves.toMatch(
      /then refuse card payments.*Card payments are unavailable right now/
    )
    expect(await pluginA11y()).toEqual([])
    await admin.screenshot("first-hour-9-disable-confirm")
    await prompt.getByRole("button", { name: "Disable" }).click()
    await drawer.waitFor({ state: "hidden" })
    await expectFocusOn(page, "Edit")
    await account.getByText("Disabled", { exact: true }).waitFor()
    // read as disabled with its saved values, not as wiped
    await expect(
      providers.first().getByTestId("provider-serving").textContent()
    ).resolves.toMatch(/refused: the account "Sandbox" is disabled/)
    await expect(providers.first().textContent()).resolves.toMatch(
      /order_prefixSHOPaccount/
    )
    // Test connection sends nothing and says what to fix
    await account.getByRole("button", { name: "Test connection" }).click()
    await page
      .locator(
        '[data-testid="connection-verdict"][data-outcome="configuration"]'
      )
      .waitFor()
    await expect(verdict.textContent()).resolves.toMatch(
      /Not sent: account "Sandbox" is disabled.*turn Enabled on/
    )
    expect(await pluginA11y()).toEqual([])
    await verdict.scrollIntoViewIfNeeded()
    await admin.screenshot("first-hour-10-disabled")

    // the other plugin pages name themselves in the breadcrumbs
    await admin.open("/acquiring-refunds")
    expect(await breadcrumbs(page)).toBe("Refunds at acquirer")
    await admin.open("/payouts")
    expect(await breadcrumbs(page)).toBe("Payouts")

    // the order page says why the disabled account's payments are refused
    await admin.open(`/orders/${order.id}`)
    const orderBanner = page
      .getByTestId("acquiring-widget")
      .getByTestId("configuration-faults")
    await expect(orderBanner.textContent()).resolves.toMatch(
      /"Sandbox" is disabled.*turn Enabled on/
    )
    expect(await pluginA11y()).toEqual([])
    await orderBanner.scrollIntoViewIfNeeded()
    await admin.screenshot("first-hour-11-order-banner")
  })

  it("saves the method fields alone, flags a code never offered before saving, sets the chargeback threshold, and drops a verdict the account outgrew", async () => {
    const shop = await openShop()
    const { account: created } = expectStatus(
      await shop.admin.post(
        "/admin/acquiring/settings/accounts",
        sandboxAccountBody(sandbox, backendUrl, { currencies: ["USD"] })
      ),
      200,
      "create account"
    )
    const stored = async () =>
      expectStatus(
        await shop.admin.get("/admin/acquiring/settings"),
        200,
        "settings"
      ).accounts.find((a: { id: string }) => a.id === created.id)
    const page = await admin.logIn(await admin.createLogin(container()))
    const pluginA11y = () =>
      accessibilityViolations(page, { include: PLUGIN_MARKUP })
    await admin.open("/settings/acquiring")
    const account = page.getByTestId("acquiring-account")
    const drawer = page.getByRole("dialog")
    const save = drawer.getByRole("button", { name: "Save" })
    const hidden = drawer.getByLabel("Hidden payment methods")
    const first = drawer.getByLabel("Payment methods shown first")

    await account.getByRole("button", { name: "Edit" }).click()
    // a blank field says what stays in force: nothing in medusa-config here
    await expect(
      drawer.locator("#hidden_methods-hint").textContent()
    ).resolves.toMatch(/Left blank: every method the acquirer recommends\.$/)
    // two words are one value, refused beside the field, never two codes
    await hidden.fill("FOO BAR")
    await save.click()
    await expect(
      drawer.getByTestId("error-hidden_methods").textContent()
    ).resolves.toBe(
      '"FOO BAR" is not a payment method code: a code is letters, digits and _ (such as WALLET or BANK_TRANSFER); separate codes with commas'
    )
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(
      "hidden_methods"
    )
    // a code the acquirer has never offered this account is flagged before anything is saved
    await hidden.fill("FOO")
    await save.click()
    await expect(
      drawer.getByTestId("error-hidden_methods").textContent()
    ).resolves.toBe(
      "Never offered to this account by the acquirer: FOO (asked just now, it offers CARD, WALLET, BANK_TRANSFER). Check the spelling, or save again to keep it."
    )
    expect((await stored()).advanced).toEqual({})
    expect(await pluginA11y()).toEqual([])
    await drawer.getByTestId("error-hidden_methods").scrollIntoViewIfNeeded()
    await admin.screenshot("settings-method-never-offered")

    // codes it offers: saved at once, and nothing but them
    await hidden.fill("wallet")
    await first.fill("BANK_TRANSFER, CARD")
    await save.click()
    await drawer.waitFor({ state: "hidden" })
    const saved = await stored()
    expect(saved.advanced).toEqual({
      payment_methods: { hidden: ["WALLET"], order: ["BANK_TRANSFER", "CARD"] },
    })
    const newest = page.getByTestId("acquiring-change").first()
    await newest.getByText("advanced").waitFor()
    const entry = (await newest.textContent()) ?? ""
    for (const untouched of ["saved_cards", "budget_ms", "retention", "name:"])
      expect(entry).not.toContain(untouched)

    // the chargeback threshold the acquirer's contract names: a field of its own, kept beside the methods
    await account.getByRole("button", { name: "Edit" }).click()
    await expect(
      drawer.locator("#chargeback_threshold-hint").textContent()
    ).resolves.toMatch(/Left blank: 0\.9 % \(default\)\.$/)
    await drawer.getByLabel("Chargeback threshold (%)").fill("0.65 %")
    await save.click()
    await drawer.waitFor({ state: "hidden" })
    expect((await stored()).advanced).toEqual({
      payment_methods: { hidden: ["WALLET"], order: ["BANK_TRANSFER", "CARD"] },
      chargeback_threshold_percent: "0.65",
    })

    // a verdict describes the account as tested: disabling it takes the verdict away
    await account.getByRole("button", { name: "Test connection" }).click()
    const verdict = account.getByTestId("connection-verdict")
    await verdict.waitFor()
    expect(await verdict.getAttribute("data-outcome")).toBe("accepted")
    await account.getByRole("button", { name: "Edit" }).click()
    await drawer.getByRole("switch", { name: "Enabled" }).click()
    await save.click()
    const prompt = page.getByRole("alertdialog")
    await prompt.getByRole("button", { name: "Disable" }).click()
    await drawer.waitFor({ state: "hidden" })
    await account.getByText("Disabled", { exact: true }).waitFor()
    await verdict.waitFor({ state: "detached" })
    await expect(account.textContent()).resolves.not.toMatch(
      /Credentials accepted/
    )
    await page.getByTestId("configuration-faults").waitFor()
    expect(await pluginA11y()).toEqual([])
    await admin.screenshot("settings-disabled-without-old-verdict")
  })

  it("edits 3-D Secure rules with a preview of what they decide, and the statement descriptor", async () => {
    const shop = await openShop()
    const { account: created } = expectStatus(
      await shop.admin.post(
        "/admin/acquiring/settings/accounts",
        sandboxAccountBody(sandbox, backendUrl, { currencies: ["USD"] })
      ),
      200,
      "create account"
    )
    const page = await admin.logIn(await admin.createLogin(container()))
    await admin.open("/settings/acquiring")
    const drawer = page.getByRole("dialog")
    await page
      .getByTestId("acquiring-account")
      .getByRole("button", { name: "Edit" })
      .click()
    const verdict = drawer.getByTestId("three-d-secure-verdict")
    const said = () => verdict.textContent()
    // no rules: the account's setting decides (nothing set: the issuer)
    await expect(said()).resolves.toBe(
      "3-D Secure not asked: the account's default: the issuer decides"
    )

    await drawer.getByRole("button", { name: "Add 3-D Secure rule" }).click()
    const amounts = drawer.getByLabel("Amounts (e.g. 250.00 EUR, 300 USD)")
    await amounts.fill("250 usd, 1.5 JPY")
    await expect(said()).resolves.toBe(
      "Correct the rules above to see what they decide."
    )
    await amounts.fill("250 usd")
    await drawer.getByLabel("Amount", { exact: true }).fill("300.00")
    await drawer.getByLabel("Currency", { exact: true }).fill("USD")
    await expect(said()).resolves.toBe(
      "3-D Secure asked: above 250.00 USD (rule 1)"
    )
    // staff charging a saved card: never asked, whatever the rules
    await drawer.getByLabel("Who pays").click()
    await page
      .getByRole("option", { name: "Staff, charging a saved card" })
      .click()
    await expect(said()).resolves.toBe(
      "3-D Secure not asked: merchant-initiated charge, the card holder is not present"
    )
    await drawer
      .getByRole("textbox", { name: /^Statement descriptor/ })
      .fill("ACME*SHOP")
    await drawer
      .getByLabel(
        "Append the payment's order number to the statement descriptor"
      )
      .check()
    expect(
      await accessibilityViolations(page, { include: PLUGIN_MARKUP })
    ).toEqual([])
    await verdict.scrollIntoViewIfNeeded()
    await admin.screenshot("settings-three-d-secure-preview")

    await drawer.getByRole("button", { name: "Save" }).click()
    await drawer.waitFor({ state: "hidden" })
    const saved = expectStatus(
      await shop.admin.get("/admin/acquiring/settings"),
      200,
      "settings"
    ).accounts.find((a: { id: string }) => a.id === created.id)
    expect(saved.advanced).toEqual({
      three_d_secure_rules: [
        {
          when: "amount_above",
          amounts: [{ currency: "USD", amount: "250.00" }],
        },
      ],
      statement_descriptor: { text: "ACME*SHOP", append_order_no: true },
    })
  })
})
