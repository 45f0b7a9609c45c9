import type { Page } from "playwright-core"
import type { Shop } from "../helpers/acquiring-suite"
import { accessibilityViolations } from "../helpers/axe"
import { adminOrder, eventually, ordersOf } from "../helpers/checkout"
import type { RealBrowser, ViewportName } from "../helpers/real-browser"
import type { TestSandbox } from "../helpers/sandbox"
import { expectStatus } from "../../dev/store-client/http-client"

/**
 * The Next.js example's payment step as the acquirer's recommendation
 * shapes it: the methods for a cart of 105.00 (10 items at 10.00 + 5.00
 * shipping, enough for the sandbox's bank transfer from 100.00) in the
 * acquirer's order, a wallet paid on the hosted page, and a bank transfer
 * whose order waits for the money, then is paid when it arrives.
 */

/** The sandbox's wallet page: its heading and pay button. */
export const WALLET_PAGE = {
  heading: "Pay with your wallet",
  payText: (amount: string) => `Pay ${amount} USD with the wallet`,
  pay: (amount: string) =>
    new RegExp(`^Pay ${amount.replace(".", "\\.")} USD with the wallet$`, "i"),
}

export type NextCheckout = {
  sandbox: TestSandbox
  browser: RealBrowser
  open(viewport: ViewportName): Promise<{ shop: Shop; page: Page }>
  untilPayment(
    page: Page,
    options?: { shop?: Shop; quantity?: number }
  ): Promise<void>
  untilReview(
    page: Page,
    method: string,
    options?: { shop?: Shop; quantity?: number }
  ): Promise<void>
  cartIdOf(page: Page): Promise<string | undefined>
}

export function nextjsPaymentMethodsCases(next: NextCheckout) {
  const TEN = 10

  it("lists the acquirer's methods for a cart of 105.00 in its order, each hinted, one radio group", async () => {
    const { shop, page } = await next.open("desktop")
    await next.untilPayment(page, { shop, quantity: TEN })
    expect(await page.getByTestId("cart-total").textContent()).toBe(
      "Total: $105.00"
    )
    const { payment_methods } = expectStatus(
      await shop.store.get(
        `/store/acquiring/carts/${await next.cartIdOf(page)}/payment-methods`
      ),
      200,
      "payment methods"
    )
    const group = page.getByRole("group", { name: "Payment method" })
    const radios = group.getByRole("radio")
    const shown = await radios.evaluateAll((inputs) =>
      inputs.map((input) => ({
        code: (input as HTMLInputElement).value,
        label: (input as HTMLInputElement).labels?.[0]?.textContent ?? "",
      }))
    )
    expect(shown).toEqual(
      payment_methods.map((m: { code: string; display_name: string }) => ({
        code: m.code,
        label: m.display_name,
      }))
    )
    expect(shown.map((m) => m.code)).toEqual([
      "CARD",
      "WALLET",
      "BANK_TRANSFER",
    ])
    await page
      .getByRole("radio", {
        name: "Bank transfer",
        description:
          "Send the amount from your bank. Your order is confirmed once the money arrives.",
      })
      .waitFor()
    expect(await accessibilityViolations(page)).toEqual([])
    await next.browser.screenshot("next desktop: payment methods of 105.00")
  })

  it("a wallet paid on the hosted page, opened on the wallet: the order's confirmation", async () => {
    const { shop, page } = await next.open("phone")
    await next.untilReview(page, "Digital wallet", { shop, quantity: TEN })
    await page.getByRole("button", { name: "Place order and pay" }).click()
    await page.getByRole("heading", { name: WALLET_PAGE.heading }).waitFor()
    // the page opened on the wallet, with no way to another method
    expect(
      await page.getByRole("heading", { name: "Other ways to pay" }).count()
    ).toBe(0)
    await page.getByRole("button", { name: WALLET_PAGE.pay("105.00") }).click()
    await page
      .getByRole("heading", { name: "Thank you for your order" })
      .waitFor()
    const [order, ...more] = await ordersOf(shop)
    expect(more).toEqual([])
    expect(order.payment_status).toBe("authorized")
    expect(await page.getByTestId("order-number").textContent()).toBe(
      `#${order.display_id}`
    )
    expect(await page.getByTestId("order-payment").textContent()).toBe(
      "Payment authorised: $105.00"
    )
  })

  it("a bank transfer: the order waits for the money, neither paid nor failed, and is paid when it arrives", async () => {
    const { shop, page } = await next.open("desktop")
    await next.untilReview(page, "Bank transfer", { shop, quantity: TEN })
    await page.getByRole("button", { name: "Place order and pay" }).click()
    await page.getByRole("heading", { name: "Pay by bank transfer" }).waitFor()
    // the transfer's reference is the acquirer's order number
    const reference = (
      await page
        .locator("dt", { hasText: "Reference" })
        .locator("xpath=following-sibling::dd[1]")
        .textContent()
    )?.trim()
    const tx = await next.sandbox.transactionByOrderNo(reference ?? "")
    expect(tx).toBeDefined()
    await page.getByRole("button", { name: "I have sent the transfer" }).click()

    await page
      .getByRole("heading", { name: "Waiting for your bank transfer" })
      .waitFor()
    const [order, ...more] = await ordersOf(shop)
    expect(more).toEqual([])
    expect(await page.getByRole("status").textContent()).toBe(
      `Order #${order.display_id} is placed. We are waiting for your bank transfer and confirm the order once the money arrives; please do not pay again.`
    )
    expect(await page.getByTestId("order-number").textContent()).toBe(
      `#${order.display_id}`
    )
    // Next.js keeps an empty route announcer with the alert role
    expect(
      await page
        .locator('[role="alert"]:not(#__next-route-announcer__)')
        .count()
    ).toBe(0)
    expect(
      (await adminOrder(shop, order.id)).payment_collections[0].payments ?? []
    ).toEqual([])
    expect(await next.cartIdOf(page)).toBeUndefined()
    expect(await accessibilityViolations(page)).toEqual([])
    await next.browser.screenshot("next desktop: waiting for the transfer")

    await next.sandbox.receiveTransfer(tx!.transaction_id)
    const paid = await eventually(
      "the transfer's payment on the order",
      async () => {
        const row = await adminOrder(shop, order.id)
        return row.payment_status === "captured" ? row : undefined
      },
      30_000
    )
    expect(paid.payment_collections[0].payments).toHaveLength(1)
    await page.getByTestId("order-number").click()
    await page
      .getByRole("heading", { name: "Thank you for your order" })
      .waitFor()
    expect(await page.getByTestId("order-payment").textContent()).toBe(
      "Paid: $105.00"
    )
  })
}
