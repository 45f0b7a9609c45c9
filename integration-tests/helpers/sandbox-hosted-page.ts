import type { Locator, Page } from "playwright-core"
import { budget } from "../setup/time-budget"
import { CARDS, SECURITY_CODE } from "./test-cards"

/** The sandbox's card form: the card typed with a future expiry, then Pay. */
async function typeCardAndPay(
  page: Page,
  card: { number: string; code: string }
): Promise<void> {
  await page.getByLabel("Card number").fill(card.number)
  await page.getByLabel("Month (MM)").fill("12")
  await page.getByLabel("Year (YYYY)").fill("2031")
  await page.getByLabel("Security code").fill(card.code)
  await page.getByRole("button", { name: "Pay", exact: true }).click()
}

/**
 * Staff take a card by phone: the link in the admin opens the sandbox's
 * page in a new tab, they type a card the issuer would challenge from a
 * shopper, and a mail or telephone order goes straight to its outcome (no
 * challenge); the tab is closed.
 */
export async function typeCardByPhone(open: Locator): Promise<void> {
  const opening = open.page().context().waitForEvent("page")
  await open.click()
  const acquirer = await opening
  await typeCardAndPay(acquirer, {
    number: CARDS.challenge,
    code: SECURITY_CODE,
  })
  await acquirer
    .getByText("Thank you: your payment is received")
    .waitFor({ timeout: budget(30_000) })
  await acquirer.close()
}

/**
 * The sandbox's hosted payment page as a shopper uses it: the card typed,
 * Pay, and the 3-D Secure challenge passed when the issuer asks, until the
 * storefront's order confirmation shows.
 */
export async function payOnHostedPage(
  page: Page,
  card: { number: string; code: string }
): Promise<void> {
  await typeCardAndPay(page, card)
  const pass = page.getByRole("button", { name: "Authenticate (pass)" })
  const thanks = page.getByRole("heading", { name: "Thank you for your order" })
  await pass.or(thanks).waitFor()
  if (await pass.isVisible()) await pass.click()
}
