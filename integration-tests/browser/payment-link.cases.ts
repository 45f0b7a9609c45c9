import {
  type AcquiringSuite,
  HOSTED_PROVIDER,
} from "../helpers/acquiring-suite"
import { eventually } from "../helpers/polling"
import {
  createLink,
  linkPaymentOf,
  orderOwingTen,
  pendingDifference,
} from "../helpers/payment-links"
import { type RealBrowser } from "../helpers/real-browser"
import { CARDS, EXPIRY, SECURITY_CODE } from "../helpers/test-cards"
import { expectStatus } from "../../dev/store-client/http-client"

/**
 * A payment link as the customer uses it, in Chromium: the link the
 * merchant sent opens the acquirer's hosted page with no storefront, the
 * card is typed there, the customer comes back to a page saying the
 * payment is received, and the edited order owes nothing once captured;
 * the same link opened again is refused in words.
 */

export function paymentLinkCases(suite: AcquiringSuite, browser: RealBrowser) {
  it("pays what an edited order owes through the link, once", async () => {
    const shop = await suite.openShop()
    const orderId = await orderOwingTen(suite, shop)
    const link = await createLink(shop, orderId)
    const page = browser.page()

    await page.goto(link.url)
    await page.getByLabel("Card number").fill(CARDS.approved)
    await page.getByLabel("Month (MM)").fill(EXPIRY.month)
    await page.getByLabel("Year (YYYY)").fill(EXPIRY.year)
    await page.getByLabel("Security code").fill(SECURITY_CODE)
    await browser.screenshot("payment link: the acquirer's page")
    await page.getByRole("button", { name: "Pay", exact: true }).click()
    await page
      .getByRole("heading", { name: "Thank you: your payment is received" })
      .waitFor()
    expect(new URL(page.url()).origin).toBe(suite.backendUrl())
    await browser.screenshot("payment link: back from the acquirer")

    const payment = await eventually("the link's payment on the order", () =>
      linkPaymentOf(shop, orderId, HOSTED_PROVIDER)
    )
    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
      200,
      "capture the link's payment"
    )
    expect(await pendingDifference(shop, orderId)).toBe(0)

    const again = await page.goto(link.url)
    expect(again?.status()).toBe(410)
    await page.getByRole("heading").first().waitFor()
    expect(await page.textContent("main")).toMatch(/payment has been made/)
  })
}
