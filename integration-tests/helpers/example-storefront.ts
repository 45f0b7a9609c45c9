import type { Page } from "playwright-core"
import {
  startExampleStorefront,
  type ExampleStorefront,
} from "../../examples/storefront/server"

/**
 * Serves the example storefront before Medusa boots (call before
 * acquiringSuite), so the provider's return and cancel pages and the store
 * CORS name its address.
 */
/** The example storefront served for one spec file (Medusa's CORS names its origin at boot). */
export type ServedStorefront = ReturnType<typeof exampleStorefront>

export function exampleStorefront() {
  let served: ExampleStorefront | undefined
  beforeAll(async () => {
    served = await startExampleStorefront()
    process.env.ACQUIRING_STOREFRONT_URL = served.url
  })
  afterAll(async () => {
    delete process.env.ACQUIRING_STOREFRONT_URL
    await served?.close()
  })
  return {
    url: () => served!.url,
    configure: (config: {
      backendUrl: string
      publishableKey: string
      salesChannelId?: string
    }) => served!.setConfig(config),
  }
}

/** A shopper's way from the product page to the payment step, as they click it. */
export async function shopUntilPayment(
  page: Page,
  storefrontUrl: string
): Promise<void> {
  await page.goto(storefrontUrl)
  await page.getByRole("button", { name: "Add to cart" }).click()
  await page.getByLabel("Email").fill("ada.shopper@example.test")
  await addressAndShipping(page)
}

/** The address step (without the e-mail, which a signed-in customer is not asked) and the shipping step. */
export async function addressAndShipping(page: Page): Promise<void> {
  await page.getByLabel("First name").fill("Ada")
  await page.getByLabel("Last name").fill("Shopper")
  await page.getByLabel("Street and number").fill("12 Harbour Street")
  await page.getByLabel("City").fill("Springfield")
  await page.getByLabel("Postal code").fill("12345")
  await page.getByRole("button", { name: "Continue to shipping" }).click()
  await page.getByRole("button", { name: "Continue to payment" }).click()
}

export async function typeCard(
  page: Page,
  card: { number: string; expiry: string; code: string }
): Promise<void> {
  await page.getByLabel("Card number").fill(card.number)
  await page.getByLabel("Expiry date (MM / YY)").fill(card.expiry)
  await page.getByLabel("Security code").fill(card.code)
}
