import { randomBytes } from "node:crypto"
import { adminDashboard } from "../helpers/admin-browser"
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

jest.setTimeout(240_000)

// the key that encrypts sign keys at rest, before the app boots
process.env.ACQUIRING_SETTINGS_KEY = randomBytes(32).toString("hex")

/**
 * The admin dashboard with the plugin's extensions, in Chromium: Settings →
 * Acquiring (save an account, test its connection), then an order paid with
 * a card held for risk review, released from the order page's widget.
 */
const admin = adminDashboard()

acquiringSuite(({ sandbox, openShop, container }) => {
  it("configures an account from the settings page and releases a held payment from the order widget", async () => {
    const shop = await openShop()
    const login = await admin.createLogin(container())
    const page = await admin.logIn(login)
    await admin.screenshot("admin-1-home")

    // Settings → Acquiring, through the sidebars as a merchant gets there
    await page.getByRole("link", { name: "Settings" }).first().click()
    await page.getByRole("link", { name: "Acquiring" }).click()
    await page.getByRole("heading", { name: "Acquiring", level: 1 }).waitFor()
    expect(new URL(page.url()).pathname).toBe("/app/settings/acquiring")
    await admin.screenshot("admin-2-settings-empty")

    await page.getByRole("button", { name: "Add account" }).click()
    const drawer = page.getByRole("dialog")
    await drawer.getByLabel("Name").fill("Sandbox")
    await drawer.getByLabel("Merchant ID").fill(sandbox.account.merchant_id)
    await drawer.getByLabel("Account ID").fill(sandbox.account.account_id)
    await drawer.getByLabel("Sign key").fill(sandbox.account.sign_key)
    // client-side check first: a URL that is not one is named beside its field
    await drawer.getByLabel("Gateway base URL").fill("not a url")
    await drawer.getByRole("button", { name: "Save" }).click()
    await expect(
      drawer.getByTestId("error-base_url").textContent()
    ).resolves.toMatch(/absolute http\(s\) URL/)
    await admin.screenshot("admin-3-form-error")
    await drawer.getByLabel("Gateway base URL").fill(sandbox.url())
    await drawer.getByRole("button", { name: "Save" }).click()
    await drawer.waitFor({ state: "hidden" })

    const account = page.getByTestId("acquiring-account")
    await account.getByText("Sandbox").waitFor()
    await expect(account.textContent()).resolves.toMatch(/sign key set/)
    // the page never shows the key itself
    await expect(page.content()).resolves.not.toContain(
      sandbox.account.sign_key
    )

    await account.getByRole("button", { name: "Test connection" }).click()
    const verdict = page.getByTestId("connection-verdict")
    await verdict.waitFor()
    expect(await verdict.getAttribute("data-outcome")).toBe("accepted")
    expect(await verdict.textContent()).toMatch(/accepted/i)
    await admin.screenshot("admin-4-settings-verdict")

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
    await admin.screenshot("admin-5-order-held")

    await widget.getByRole("button", { name: "Release" }).click()
    // the widget changes without a reload: the decision and who made it
    await widget.getByText(`Released by ${login.email}`).waitFor()
    expect(await widget.getAttribute("data-review")).toBe("released")
    expect(await widget.getByRole("button", { name: "Release" }).count()).toBe(
      0
    )
    expect((await sandbox.transaction(detail.transaction_id)).state).toBe(
      "authorised"
    )
    await admin.screenshot("admin-6-order-released")
  })
})
