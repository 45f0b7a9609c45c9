import type { Page } from "playwright-core"

/**
 * The sandbox's hosted payment page as a shopper uses it: the card typed,
 * Pay, and the 3-D Secure challenge passed when the issuer asks, until the
 * storefront's order confirmation shows.
 */
export async function payOnHostedPage(
  page: Page,
  card: { number: string; code: string }
): Promise<void> {
  await page.getByLabel("Card number").fill(card.number)
  await page.getByLabel("Month (MM)").fill("12")
  await page.getByLabel("Year (YYYY)").fill("2031")
  await page.getByLabel("Security code").fill(card.code)
  await page.getByRole("button", { name: "Pay", exact: true }).click()
  const pass = page.getByRole("button", { name: "Authenticate (pass)" })
  const thanks = page.getByRole("heading", { name: "Thank you for your order" })
  await pass.or(thanks).waitFor()
  if (await pass.isVisible()) await pass.click()
}
