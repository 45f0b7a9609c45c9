import { readFile } from "node:fs/promises"
import type { AdminDashboard } from "../helpers/admin-browser"
import { accessibilityViolations, PLUGIN_MARKUP } from "../helpers/axe"
import type { AcquiringSuite, Shop } from "../helpers/acquiring-suite"
import { acquiringPaymentDetail, adminOrder } from "../helpers/checkout"
import { eventually } from "../helpers/polling"
import { expectStatus } from "../../dev/store-client/http-client"
import { notificationsProcessed } from "../helpers/settlement"
import { capturedOrder, totalPaidReads } from "./order-widget-money.cases"
import { budget } from "../setup/time-budget"

/**
 * Chargebacks as a merchant meets them, in Chromium: a captured payment
 * disputed at the acquirer (the sandbox raises it as the card holder's bank
 * would, and notifies the store) shows in red on the order with its
 * reason and the day to respond by, in the payment's History, on the
 * Chargebacks page (marked: 2 days left) and in its CSV, and on the
 * Payment history page searched by the order's number. Lost at the
 * acquirer, the widget says so and Medusa's summary counts it refunded.
 * axe-core checks the plugin's markup on each.
 */

const REASON = "4837:No cardholder authorisation"

type Chargeback = { reference: string; status: string; refund_id: string }

export function chargebacksCases(suite: AcquiringSuite, admin: AdminDashboard) {
  const { openShop, container, sandbox } = suite

  /** The plugin's row of a chargeback once it is `status` (and a lost one recorded as a refund): it records on the sandbox's CHARGEBACK notification. */
  async function recorded(shop: Shop, reference: string, status: string) {
    await notificationsProcessed(suite)
    let last = ""
    try {
      return await eventually(`chargeback ${reference} ${status}`, async () => {
        const answer = await shop.admin.get(
          `/admin/acquiring/chargebacks?q=${reference}`
        )
        last = answer.text
        const { chargebacks } = expectStatus(answer, 200, "list chargebacks")
        return (chargebacks as Chargeback[]).find(
          (c) => c.status === status && (status !== "LOST" || c.refund_id)
        )
      })
    } catch (error) {
      throw new Error(`${(error as Error).message}; the list said ${last}`)
    }
  }

  it("shows an open chargeback on the order, its history, the Chargebacks page, its CSV and the history search; then lost", async () => {
    const shop = await openShop()
    const { order, paymentId } = await capturedOrder(shop)
    const { transaction_id, order_no } = await acquiringPaymentDetail(
      shop,
      paymentId
    )
    // the card holder's bank disputes 5.00, to be answered within 2 days
    const { chargeback_reference: reference } = await sandbox.openChargeback(
      transaction_id,
      { amount: "5.00", reason: REASON, respond_by_days: 2 }
    )
    await recorded(shop, reference, "OPEN")

    const page = await admin.logIn(await admin.createLogin(container()))
    const pluginA11y = () =>
      accessibilityViolations(page, { include: PLUGIN_MARKUP })

    // the order: a red block with what is withheld, why and by when
    await admin.open(`/orders/${order.id}`)
    const widget = page.getByTestId("acquiring-widget")
    const disputed = widget.getByRole("region", { name: "Open chargebacks" })
    await disputed.waitFor()
    await expect(disputed.textContent()).resolves.toMatch(
      new RegExp(
        `^Disputed: 5\\.00 USD, reason 4837 No cardholder authorisation, respond in the merchant portal by \\d{1,2} [A-Z][a-z]{2} \\d{4} \\(2 days left\\)Chargeback ${reference}Refunds of this payment, and cancelling its order, are refused until it is decided\\.$`
      )
    )
    await disputed.scrollIntoViewIfNeeded()
    expect(await pluginA11y()).toEqual([])
    await admin.screenshot("chargebacks-1-order-disputed")

    // its history: the verdict first, then every entry, the chargeback among them
    const history = widget.getByTestId("payment-history")
    await history.getByRole("button", { name: "History" }).click()
    const verdict = history.getByTestId("payment-verdict")
    await verdict.waitFor()
    await expect(verdict.textContent()).resolves.toMatch(
      new RegExp(`^Disputed: chargeback ${reference} withholds 5\\.00 USD`)
    )
    const entries = history.getByTestId("history-entry")
    await entries
      .filter({ hasText: `Chargeback ${reference} opened` })
      .waitFor()
    const texts = await entries.allInnerTexts()
    expect(texts.some((t) => /Request to the acquirer · capture/.test(t))).toBe(
      true
    )
    expect(
      await history
        .getByRole("button", { name: "History" })
        .getAttribute("aria-expanded")
    ).toBe("true")
    await verdict.scrollIntoViewIfNeeded()
    expect(await pluginA11y()).toEqual([])
    await admin.screenshot("chargebacks-2-order-history")

    // the Chargebacks page lists it, its order linked, its day to respond by marked
    await page.getByRole("link", { name: "Chargebacks" }).first().click()
    await page.getByRole("heading", { name: "Chargebacks" }).waitFor()
    const row = page
      .getByTestId("chargeback-row")
      .filter({ hasText: reference })
    await row.waitFor()
    const display = `#${order.display_id}`
    await expect(
      row.getByRole("link", { name: display }).getAttribute("href")
    ).resolves.toBe(`/app/orders/${order.id}`)
    await expect(row.textContent()).resolves.toMatch(/Open/)
    await expect(row.textContent()).resolves.toMatch(/5\.00 USD/)
    await expect(
      row.getByTestId("respond-by-urgent").textContent()
    ).resolves.toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}2 days left$/)
    expect(await pluginA11y()).toEqual([])
    await admin.screenshot("chargebacks-3-list")

    // the export holds the same row, as finance reads it
    const downloading = page.waitForEvent("download")
    await page.getByRole("button", { name: "Export CSV" }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(
      /^chargebacks-\d{4}-\d{2}-\d{2}\.csv$/
    )
    const csv = await readFile((await download.path())!, "utf8")
    const [header, ...lines] = csv.trim().split(/\r?\n/)
    expect(header.split(",").slice(0, 5)).toEqual([
      "order",
      "chargeback",
      "status",
      "amount",
      "currency",
    ])
    const line = lines.find((l) => l.includes(reference))
    expect(line?.split(",").slice(0, 5)).toEqual([
      display,
      reference,
      "OPEN",
      "5.00",
      "USD",
    ])
    expect(line).toContain(transaction_id)
    await page.getByText(/^Downloaded chargebacks-/).waitFor()

    // the search takes what its placeholder invites: the order as the admin shows it
    const search = page.getByRole("searchbox", { name: "Search" })
    expect(await search.getAttribute("placeholder")).toMatch(/^Order #12, /)
    const searched = page.waitForResponse(
      (answer) =>
        answer.url().includes(`q=${encodeURIComponent(display)}`) &&
        answer.request().method() === "GET"
    )
    await search.fill(display)
    expect((await searched).status()).toBe(200)
    expect((await (await searched).json()).count).toBe(1)
    await row.waitFor()
    expect(await search.getAttribute("aria-invalid")).toBeNull()
    // what no search takes is said beside the box, nothing asked
    await search.fill("two words")
    await page
      .getByRole("alert")
      .getByText(/^Search by an order as the admin shows it \(#12\)/)
      .waitFor()
    expect(await search.getAttribute("aria-invalid")).toBe("true")
    expect(await pluginA11y()).toEqual([])
    await search.fill(transaction_id)
    await row.waitFor()
    // a status with no chargebacks: the list says so
    await page.getByRole("combobox", { name: "Status" }).click()
    await page.getByRole("option", { name: "Won" }).click()
    await page.getByText("No chargebacks match these filters").waitFor()
    expect(await pluginA11y()).toEqual([])

    // five forged notifications naming the order: refused, counted, said at the page's head
    for (let i = 0; i < 5; i++) {
      const forged = await fetch(
        `${suite.backendUrl()}/hooks/payment/acquiring-card_acquiring`,
        {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            merchant_id: sandbox.account.merchant_id,
            account_id: sandbox.account.account_id,
            transaction_id,
            order_no,
            currency: "USD",
            amount: `${i + 1}.00`,
            order_status: "1",
            result_info: "0000:Success",
            notify_type: "CAPTURE",
            encryption_data: "ab".repeat(32),
          }).toString(),
        }
      )
      expect(forged.status).toBe(200)
    }

    // the history search by the order's number finds its entries, each linked to the order
    await page.getByRole("link", { name: "Payment history" }).first().click()
    await page.getByRole("heading", { name: "Payment history" }).waitFor()
    await page
      .getByTestId("refused-notifications")
      .getByText(
        /^5 notifications refused since \d{2}:00 \(the latest at \d{2}:\d{2}:\d{2}\): bad signature 5\. Nothing changed\.$/
      )
      .waitFor()
    await page.getByLabel("Order", { exact: true }).fill(display)
    await page.getByRole("button", { name: "Search", exact: true }).click()
    // the page settles on what the server answers this search
    const { count } = expectStatus(
      await shop.admin.get(
        `/admin/acquiring/history?order=${encodeURIComponent(display)}`
      ),
      200,
      "history search"
    )
    await page
      .getByTestId("history-count")
      .getByText(`${count} entries match this search`)
      .waitFor()
    const rows = page.getByTestId("history-row")
    expect(await rows.count()).toBe(Math.min(count, 20))
    await rows.filter({ hasText: `Chargeback ${reference} opened` }).waitFor()
    await rows
      .filter({ hasText: /5 notifications refused in the hour from/ })
      .waitFor()
    for (const text of await rows.allInnerTexts())
      expect(text).toContain(order_no)
    // each entry links to the order: by its payment, or by its acquirer order number
    expect(await rows.getByRole("link", { name: display }).count()).toBe(
      await rows.count()
    )
    expect(await pluginA11y()).toEqual([])
    await admin.screenshot("chargebacks-4-history-search")

    // lost at the acquirer: recorded as a refund, the widget and Medusa's summary follow
    await admin.open(`/orders/${order.id}`)
    await disputed.waitFor()
    await totalPaidReads(page, "15.00 USD")
    await sandbox.decideChargeback(reference, "lose")
    await recorded(shop, reference, "LOST")
    // the open page follows by itself: no reload, no return to the tab
    const lost = widget.getByTestId("decided-chargeback")
    await lost.waitFor({ timeout: budget(30_000) })
    await expect(lost.textContent()).resolves.toMatch(
      new RegExp(
        `^Lost: 5\\.00 USD recorded as a refund on \\d{1,2} [A-Z][a-z]{2} \\d{4}Chargeback ${reference}$`
      )
    )
    await disputed.waitFor({ state: "detached" })
    await totalPaidReads(page, "10.00 USD")
    const refunds = (await adminOrder(shop, order.id)).payment_collections
      .flatMap((c: any) => c.payments ?? [])
      .flatMap((p: any) => p.refunds ?? [])
    expect(refunds).toHaveLength(1)
    expect(refunds[0].note).toMatch(new RegExp(`^Chargeback ${reference} lost`))
    await lost.scrollIntoViewIfNeeded()
    expect(await pluginA11y()).toEqual([])
    await admin.screenshot("chargebacks-5-order-lost")
  })
}
