import type { Page } from "playwright-core"
import type { Shop } from "../helpers/acquiring-suite"
import { accessibilityViolations } from "../helpers/axe"
import { adminOrder, ordersOf } from "../helpers/checkout"
import { eventually } from "../helpers/polling"
import type { RealBrowser, ViewportName } from "../helpers/real-browser"
import type { TestSandbox } from "../helpers/sandbox"
import { expectStatus } from "../../dev/store-client/http-client"
import { budget } from "../setup/time-budget"

/**
 * The guide's payment step and return page as the acquirer's
 * recommendation shapes them: the methods for a cart of 105.00 (10 items
 * at 10.00 + 5.00 shipping, enough for the sandbox's bank transfer from
 * 100.00) in the acquirer's order, the cards at once and the rest when a
 * slow acquirer has answered, chosen by keyboard alone; a wallet paid
 * on the hosted page; a bank transfer whose order is placed while its
 * money is awaited, and whose open page follows it, without a reload, to
 * the paid order, or to the lapse it then tells again on a reload.
 */

/** The sandbox's wallet page: its heading and pay button. */
export const WALLET_PAGE = {
  heading: "Pay with your wallet",
  payText: (amount: string) => `Pay ${amount} USD with the wallet`,
  pay: (amount: string) =>
    new RegExp(`^Pay ${amount.replace(".", "\\.")} USD with the wallet$`, "i"),
}

/** The element that has focus: its accessible role and name, as a screen reader says it. */
export async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return "body"
    const label =
      (el as HTMLInputElement).labels?.[0]?.textContent ||
      el.getAttribute("aria-label") ||
      el.textContent ||
      ""
    return `${el.tagName.toLowerCase()}: ${label.trim()}`
  })
}

/** Presses Tab until `target` has focus (20 presses at most). */
export async function tabTo(page: Page, target: string) {
  for (let i = 0; i < 20; i++) {
    if ((await focused(page)) === target) return
    await page.keyboard.press("Tab")
  }
  throw new Error(
    `Tab never reached ${target}; focus is on ${await focused(page)}`
  )
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

/** A transfer's page follows it by reading every 5 s at first, then sparser (30 s at most): long enough for its next read. */
const FOLLOWED = { timeout: budget(120_000) }

export function nextjsPaymentMethodsCases(next: NextCheckout) {
  const TEN = 10

  it("lists the acquirer's methods for a cart of 105.00 in its order, each hinted, one radio group, its labels untouched by the starter's floating-label rule", async () => {
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
    // `input:not(:placeholder-shown) ~ label` (the starter's globals.css,
    // and the shell's) would make a label 10 px and move it up
    await page.getByLabel("Digital wallet").check()
    const looks = await group.evaluate((fieldset) => ({
      text: getComputedStyle(fieldset).fontSize,
      labels: [...fieldset.querySelectorAll("label")].map((label) => ({
        size: getComputedStyle(label).fontSize,
        moved: getComputedStyle(label).transform,
      })),
    }))
    expect(looks.labels).toEqual(
      looks.labels.map(() => ({ size: looks.text, moved: "none" }))
    )
    expect(looks.text).not.toBe("10px")
    expect(await accessibilityViolations(page)).toEqual([])
    await next.browser.screenshot("next desktop: payment methods of 105.00")
  })

  it("a slow acquirer: cards are offered at once, and its wallet and bank transfer join them on the same page", async () => {
    const { shop, page } = await next.open("desktop")
    // each list of methods the page shows, in turn, within one document
    await page.addInitScript(() => {
      const shown: string[][] = []
      Object.assign(window, { shownMethodLists: shown })
      new MutationObserver(() => {
        const codes = [
          ...document.querySelectorAll<HTMLInputElement>(
            ".acquiring-payment-methods input[type=radio]"
          ),
        ].map((radio) => radio.value)
        if (codes.length && codes.join() !== shown.at(-1)?.join())
          shown.push(codes)
      }).observe(document, { childList: true, subtree: true })
    })
    // 5 s against the listing's 1.5 s budget, for both questions the page
    // asks: the cart of 100.00 once it has an e-mail, then of 105.00 with delivery
    await next.sandbox.injectFault({
      operation: "optimise",
      kind: "latency",
      latency_ms: 5_000,
      count: 2,
    })
    try {
      await next.untilPayment(page, { shop, quantity: TEN })
      await page.getByRole("radio", { name: "Bank transfer" }).waitFor()
    } finally {
      await next.sandbox.clearFaults()
    }
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { shownMethodLists: string[][] })
            .shownMethodLists
      )
    ).toEqual([["CARD"], ["CARD", "WALLET", "BANK_TRANSFER"]])
  })

  it("the methods chosen by keyboard alone: the arrows choose a bank transfer, its session is started with it, and its page opens on it", async () => {
    const { shop, page } = await next.open("desktop")
    await next.untilPayment(page, { shop, quantity: TEN })
    // the whole list first: the arrows walk the radios shown at that moment
    await page.getByRole("radio", { name: "Bank transfer" }).waitFor()
    await tabTo(page, "input: Credit or debit card")
    await page.keyboard.press("ArrowDown")
    expect(await focused(page)).toBe("input: Digital wallet")
    await page.keyboard.press("ArrowDown")
    expect(await focused(page)).toBe("input: Bank transfer")
    expect(
      await page.getByRole("radio", { name: "Bank transfer" }).isChecked()
    ).toBe(true)
    await tabTo(page, "button: Continue to review")
    await page.keyboard.press("Enter")
    await page.getByRole("button", { name: "Place order and pay" }).waitFor()
    // the closed step names the method, not the hosted provider both share
    expect(await page.getByTestId("payment-method-summary").textContent()).toBe(
      "Bank transfer"
    )
    await tabTo(page, "button: Place order and pay")
    const { cart } = expectStatus(
      await shop.store.get(
        `/store/carts/${await next.cartIdOf(page)}?fields=*payment_collection.payment_sessions`
      ),
      200,
      "cart"
    )
    expect(
      cart.payment_collection.payment_sessions.map(
        (s: { provider_id: string; data: { payment_method?: string } }) => [
          s.provider_id,
          s.data.payment_method,
        ]
      )
    ).toEqual([["pp_acquiring-hosted_acquiring", "BANK_TRANSFER"]])
    await page.keyboard.press("Enter")
    await page.getByRole("heading", { name: "Pay by bank transfer" }).waitFor()
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
    expect(await page.getByTestId("payment-method").textContent()).toBe(
      "Digital wallet"
    )
  })

  /**
   * A bank transfer sent from the acquirer's page: the return page places
   * the order and says what to send and until when. Answers the order, the
   * sandbox's transaction and the date the page names.
   */
  async function transferAwaited(shop: Shop, page: Page) {
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
    // the acquirer gives up 7 days after the shopper said it was sent; the
    // page names the plugin's date for it, which is no later
    const attempt = new URL(page.url()).searchParams.get("attempt")
    const { payment_return } = expectStatus(
      await shop.store.get(`/store/acquiring/returns/${attempt}`),
      200,
      "payment return"
    )
    const { transfer } = payment_return.payment_session.data
    expect(transfer).toMatchObject({
      state: "awaited",
      amount: "105.00",
      currency: "USD",
    })
    const { transfer_awaited_at } = await next.sandbox.transaction(
      tx!.transaction_id
    )
    const lapses = Date.parse(transfer_awaited_at) + 7 * 24 * 60 * 60 * 1000
    const until = Date.parse(transfer.awaited_until)
    expect(until).toBeLessThanOrEqual(lapses)
    expect(lapses - until).toBeLessThan(15 * 60 * 1000)
    const untilText = await page.evaluate(
      (iso) =>
        new Date(iso).toLocaleString("en-US", {
          dateStyle: "long",
          timeStyle: "short",
        }),
      transfer.awaited_until as string
    )
    return { order, tx: tx!, untilText }
  }

  it("a bank transfer: its order placed while the money is awaited, with what to send by when; the open page moves to the paid order when the money arrives", async () => {
    const { shop, page } = await next.open("desktop")
    const { order, tx, untilText } = await transferAwaited(shop, page)
    expect(await page.getByRole("status").textContent()).toBe(
      `Order #${order.display_id} is placed. Send 105.00 USD by bank transfer, with the reference the payment page gave you, by ${untilText}. We confirm the order once the money arrives; please do not pay again.`
    )
    expect(await page.getByTestId("order-number").textContent()).toBe(
      `#${order.display_id}`
    )
    expect(await page.title()).toBe("Payment | Acquiring example shop")
    // Next.js keeps an empty route announcer with the alert role
    expect(
      await page
        .locator('[role="alert"]:not(#__next-route-announcer__)')
        .count()
    ).toBe(0)
    // neither paid nor failed: an order with no payment yet
    const placed = await adminOrder(shop, order.id)
    expect(placed.status).toBe("pending")
    expect(placed.payment_collections[0].payments ?? []).toEqual([])
    expect(await next.cartIdOf(page)).toBeUndefined()
    expect(await accessibilityViolations(page)).toEqual([])
    await next.browser.screenshot("next desktop: waiting for the transfer")

    const waitingAt = page.url()
    await next.sandbox.receiveTransfer(tx.transaction_id)
    // the page moves by itself: no reload, no click
    await page
      .getByRole("heading", { name: "Thank you for your order" })
      .waitFor(FOLLOWED)
    expect(new URL(page.url()).pathname).toBe(`/us/order/${order.id}/confirmed`)
    expect(await page.getByTestId("order-payment").textContent()).toBe(
      "Paid: $105.00"
    )
    expect(await page.getByTestId("payment-method").textContent()).toBe(
      "Bank transfer"
    )
    const paid = await adminOrder(shop, order.id)
    expect(paid.payment_status).toBe("captured")
    expect(paid.payment_collections[0].payments).toHaveLength(1)
    expect(await accessibilityViolations(page)).toEqual([])
    // the waiting page, opened again, leads to the paid order too
    await page.goto(waitingAt)
    await page
      .getByRole("heading", { name: "Thank you for your order" })
      .waitFor()
  })

  it("a bank transfer that lapses while its page is open: the page says so, and says it again on a reload, never that the order was placed", async () => {
    const { shop, page } = await next.open("phone")
    const { order, tx, untilText } = await transferAwaited(shop, page)
    await next.sandbox.lapseTransfer(tx.transaction_id)
    await page
      .getByRole("heading", { name: "Bank transfer not received" })
      .waitFor(FOLLOWED)
    const lapsed = `The bank transfer for order #${order.display_id} did not arrive by ${untilText}, so the order is cancelled. Nothing was charged; please do not send the money now.`
    const alert = page.locator('[role="alert"]:not(#__next-route-announcer__)')
    expect(await alert.textContent()).toBe(lapsed)
    await eventually(
      "the order cancelled",
      async () =>
        (await adminOrder(shop, order.id)).status === "canceled"
          ? true
          : undefined,
      30_000
    )
    expect(await accessibilityViolations(page)).toEqual([])

    await page.reload()
    await page
      .getByRole("heading", { name: "Bank transfer not received" })
      .waitFor()
    expect(await alert.textContent()).toBe(lapsed)
    expect(await page.getByTestId("order-number").textContent()).toBe(
      `#${order.display_id}`
    )
    expect(await page.getByText(/placed/).count()).toBe(0)
    expect(
      await page.getByRole("link", { name: "Continue shopping" }).count()
    ).toBe(1)
    expect(await accessibilityViolations(page)).toEqual([])
    await next.browser.screenshot("next phone: bank transfer lapsed")
  })
}
