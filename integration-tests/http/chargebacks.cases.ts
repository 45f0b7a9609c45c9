import { Modules } from "@medusajs/framework/utils"
import { parse } from "csv-parse/sync"
import { expectStatus } from "../../dev/store-client/http-client"
import type { AcquiringSuite, Shop } from "../helpers/acquiring-suite"
import { adminPayment, placeDirectOrder } from "../helpers/checkout"
import {
  moneyOf,
  notificationsProcessed,
  runReconcileJob,
} from "../helpers/settlement"

/** An order paid by card and captured. */
async function capturedOrder(shop: Shop) {
  const { order } = await placeDirectOrder(shop)
  const payment = await adminPayment(shop, order.id)
  expectStatus(
    await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
    200,
    "capture"
  )
  return {
    order,
    payment,
    transactionId: String(payment.data.transaction_id ?? ""),
  }
}

export function chargebackCases(suite: AcquiringSuite): void {
  const { sandbox, openShop, container } = suite

  const detail = async (shop: Shop, paymentId: string) =>
    expectStatus(
      await shop.admin.get(`/admin/acquiring/payments/${paymentId}`),
      200,
      "payment detail"
    ).payment
  const rowsOf = async (reference: string) =>
    (container().resolve("acquiring") as any).listAcquiringChargebacks({
      reference,
    }) as Promise<any[]>
  const feedOf = async (reference: string) =>
    (
      await container()
        .resolve(Modules.NOTIFICATION)
        .listNotifications({ channel: "feed" }, { take: 1000 })
    )
      .map((n: any) => n.data as { title: string; description: string })
      .filter((d) => d.description.includes(reference))
  const transactionIdOf = async (shop: Shop, orderId: string) => {
    const payment = await adminPayment(shop, orderId)
    return {
      payment,
      transactionId: String((await detail(shop, payment.id)).transaction_id),
    }
  }

  it("an opened chargeback is recorded once, shown on the payment, in the feed, refuses refunds; won, refunds work again", async () => {
    const shop = await openShop()
    const { order, payment } = await capturedOrder(shop)
    const { transactionId } = await transactionIdOf(shop, order.id)
    await notificationsProcessed(suite)
    const opened = await sandbox.openChargeback(transactionId, {
      amount: "5.00",
      reason: "4837:No cardholder authorisation",
    })
    await notificationsProcessed(suite)
    const [row] = await rowsOf(opened.chargeback_reference)
    expect(row).toEqual(
      expect.objectContaining({
        status: "OPEN",
        amount: "5.00",
        currency: "USD",
        reason_code: "4837",
        reason_text: "No cardholder authorisation",
        payment_id: payment.id,
        transaction_id: transactionId,
      })
    )
    // the acquirer's record agrees: 5000 while open
    const tx = await sandbox.transaction(transactionId)
    expect(tx.chargebacks).toEqual([
      expect.objectContaining({
        chargeback_reference: opened.chargeback_reference,
        chargeback_status: "OPEN",
      }),
    ])
    const shown = await detail(shop, payment.id)
    expect(shown.chargebacks).toEqual([
      expect.objectContaining({
        reference: opened.chargeback_reference,
        status: "OPEN",
        amount: "5.00",
        order: expect.objectContaining({ id: order.id }),
      }),
    ])
    expect(await feedOf(opened.chargeback_reference)).toEqual([
      expect.objectContaining({ title: "Chargeback opened" }),
    ])

    const refundsSent = (await sandbox.requests("refund")).length
    const refused = await shop.admin.post(
      `/admin/payments/${payment.id}/refund`,
      { amount: 2 }
    )
    expect(refused.status).toBeGreaterThanOrEqual(400)
    expect(refused.status).toBeLessThan(500)
    expect(refused.text).toContain(
      `open chargeback: ${opened.chargeback_reference} of 5.00 USD`
    )
    expect((await sandbox.requests("refund")).length).toBe(refundsSent)

    // the same notification again changes nothing
    const note = (await sandbox.notifications(transactionId)).find(
      (n) => n.notify_type === "CHARGEBACK"
    )!
    await sandbox.deliverAgain(note.id)
    await notificationsProcessed(suite)
    expect(await rowsOf(opened.chargeback_reference)).toHaveLength(1)
    expect(await feedOf(opened.chargeback_reference)).toHaveLength(1)

    await sandbox.decideChargeback(opened.chargeback_reference, "win")
    await notificationsProcessed(suite)
    expect((await rowsOf(opened.chargeback_reference))[0].status).toBe("WON")
    expect(
      (await feedOf(opened.chargeback_reference)).map((d) => d.title)
    ).toEqual(["Chargeback opened", "Chargeback won"])
    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/refund`, {
        amount: 2,
      }),
      200,
      "refund once won"
    )
    await notificationsProcessed(suite)
    const after = await moneyOf(sandbox, shop, order.id, transactionId)
    expect(after.acquirer.refunds).toEqual(["2.00"])
    expect(after.medusa.refunds).toEqual([2])
  })

  it("a lost chargeback is recorded as a refund, so Medusa's refunded sum is what left the merchant; a late OPEN notification does not reopen it", async () => {
    const shop = await openShop()
    const { order, payment } = await capturedOrder(shop)
    const { transactionId } = await transactionIdOf(shop, order.id)
    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/refund`, {
        amount: 3,
      }),
      200,
      "refund before the dispute"
    )
    await notificationsProcessed(suite)
    const opened = await sandbox.openChargeback(transactionId, {
      amount: "4.50",
    })
    await notificationsProcessed(suite)
    await sandbox.decideChargeback(opened.chargeback_reference, "lose")
    await notificationsProcessed(suite)
    const [row] = await rowsOf(opened.chargeback_reference)
    expect(row.status).toBe("LOST")
    expect(row.accounted_at).not.toBeNull()
    const medusa = await adminPayment(shop, order.id)
    const refunds = (medusa.refunds ?? []).map((r: any) => ({
      amount: Number(r.amount),
      note: r.note ?? null,
    }))
    expect(refunds).toEqual(
      expect.arrayContaining([
        { amount: 3, note: null },
        {
          amount: 4.5,
          note: `Chargeback ${opened.chargeback_reference} lost (reason 4837 No cardholder authorisation): returned to the card holder by their bank`,
        },
      ])
    )
    expect(refunds).toHaveLength(2)
    expect(row.refund_id).toBe(
      (medusa.refunds as any[]).find((r) => Number(r.amount) === 4.5).id
    )
    // nothing was sent to the acquirer for the chargeback
    const tx = await sandbox.transaction(transactionId)
    expect(tx.refunds.map((r: any) => r.refund_amount)).toEqual(["3.00"])

    // the OPEN notification arriving last (out of order), and the job, change nothing
    const openNote = (await sandbox.notifications(transactionId)).find(
      (n) =>
        n.notify_type === "CHARGEBACK" && n.fields.chargeback_status === "OPEN"
    )!
    await sandbox.deliverAgain(openNote.id)
    await notificationsProcessed(suite)
    await runReconcileJob(container(), suite.databaseUrl())
    expect((await rowsOf(opened.chargeback_reference))[0].status).toBe("LOST")
    expect((await adminPayment(shop, order.id)).refunds).toHaveLength(2)
    expect(
      (await feedOf(opened.chargeback_reference)).map((d) => d.title)
    ).toEqual(["Chargeback opened", "Chargeback lost"])

    // the list and its CSV say the same
    const list = expectStatus(
      await shop.admin.get(
        `/admin/acquiring/chargebacks?q=${opened.chargeback_reference}`
      ),
      200,
      "chargebacks list"
    )
    expect(list.count).toBe(1)
    expect(list.chargebacks[0]).toEqual(
      expect.objectContaining({ status: "LOST", amount: "4.50" })
    )
    // the order as the admin shows it finds the same chargeback, with or without #
    for (const q of [`#${order.display_id}`, String(order.display_id)]) {
      const byOrder = expectStatus(
        await shop.admin.get(
          `/admin/acquiring/chargebacks?q=${encodeURIComponent(q)}`
        ),
        200,
        `chargebacks of ${q}`
      )
      expect(byOrder.chargebacks.map((c: any) => c.reference)).toEqual([
        opened.chargeback_reference,
      ])
    }
    expect(
      (await shop.admin.get("/admin/acquiring/chargebacks?q=%23%2312")).status
    ).toBe(400)
    const csv = await shop.admin.get(
      `/admin/acquiring/chargebacks/export?q=${opened.chargeback_reference}`
    )
    expect(csv.status).toBe(200)
    const [header, line, ...rest] = csv.text.trim().split("\n")
    expect(rest).toEqual([])
    expect(header).toBe(
      "order,chargeback,status,amount,currency,payment_amount,reason_code,reason,opened_at,respond_by,decided_at,recorded_as_refund,order_no,transaction_id"
    )
    expect(line).toBe(
      [
        `#${order.display_id}`,
        opened.chargeback_reference,
        "LOST",
        "4.50",
        "USD",
        list.chargebacks[0].payment_amount,
        "4837",
        "No cardholder authorisation",
        list.chargebacks[0].opened_at,
        list.chargebacks[0].respond_by,
        list.chargebacks[0].decided_at,
        row.refund_id,
        list.chargebacks[0].order_no,
        transactionId,
      ].join(",")
    )
    expectStatus(
      await shop.admin.get(`/admin/acquiring/chargebacks?status=LOST,MAYBE`),
      400,
      "an unknown status"
    )
  })

  it("a chargeback whose notification was lost is found by the job, and by the watch once the payment is older than the reconcile's window", async () => {
    const shop = await openShop()
    const { order, payment } = await capturedOrder(shop)
    const { transactionId } = await transactionIdOf(shop, order.id)
    await notificationsProcessed(suite)
    await sandbox.loseNotifications(1)
    const opened = await sandbox.openChargeback(transactionId)
    await runReconcileJob(container(), suite.databaseUrl())
    expect((await rowsOf(opened.chargeback_reference))[0]).toEqual(
      expect.objectContaining({ status: "OPEN", payment_id: payment.id })
    )

    // a payment from weeks ago: only the watch asks about it
    const old = await capturedOrder(shop)
    const oldTx = await transactionIdOf(shop, old.order.id)
    await notificationsProcessed(suite)
    const pg = container().resolve("__pg_connection__") as any
    await pg.raw(
      `update payment set created_at = now() - interval '30 days' where id = ?`,
      [old.payment.id]
    )
    await sandbox.loseNotifications(1)
    const late = await sandbox.openChargeback(oldTx.transactionId, {
      amount: "1.00",
    })
    // the only payment of this file older than the reconcile's window
    await runReconcileJob(container(), suite.databaseUrl())
    expect((await rowsOf(late.chargeback_reference))[0].status).toBe("OPEN")
  })

  it("a forged or altered chargeback notification changes nothing", async () => {
    const shop = await openShop()
    const { order } = await capturedOrder(shop)
    const { transactionId } = await transactionIdOf(shop, order.id)
    await notificationsProcessed(suite)
    const opened = await sandbox.openChargeback(transactionId, {
      amount: "2.00",
    })
    await notificationsProcessed(suite)
    const note = (await sandbox.notifications(transactionId)).find(
      (n) => n.notify_type === "CHARGEBACK"
    )!
    const url = `${suite.backendUrl()}/hooks/payment/acquiring-card_acquiring`
    for (const change of <Record<string, string>[]>[
      { chargeback_status: "LOST" },
      { chargeback_amount: "200.00" },
      { chargeback_reference: "CBFORGED0001" },
    ]) {
      const answer = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ...note.fields, ...change }).toString(),
      })
      expect(answer.status).toBe(200)
    }
    await notificationsProcessed(suite)
    expect((await rowsOf(opened.chargeback_reference))[0].status).toBe("OPEN")
    expect(await rowsOf("CBFORGED0001")).toEqual([])
    expect(await feedOf(opened.chargeback_reference)).toHaveLength(1)
  })

  it("an order whose payment has an open chargeback is not cancelled, even before its notification arrives; once won it cancels and refunds", async () => {
    const shop = await openShop()
    const { order, payment } = await capturedOrder(shop)
    const { transactionId } = await transactionIdOf(shop, order.id)
    await notificationsProcessed(suite)
    await sandbox.loseNotifications(1)
    const opened = await sandbox.openChargeback(transactionId, {
      amount: "4.00",
    })
    const refundsSent = (await sandbox.requests("refund")).length
    const refused = await shop.admin.post(
      `/admin/orders/${order.id}/cancel`,
      {}
    )
    expect(refused.status).toBe(409)
    expect(refused.text).toContain(
      `open chargeback: ${opened.chargeback_reference} of 4.00 USD`
    )
    expect((await sandbox.requests("refund")).length).toBe(refundsSent)
    // the cancel's status query recorded it
    expect((await rowsOf(opened.chargeback_reference))[0].status).toBe("OPEN")
    expect(
      expectStatus(
        await shop.admin.get(`/admin/orders/${order.id}`),
        200,
        "order"
      ).order.status
    ).not.toBe("canceled")

    await sandbox.decideChargeback(opened.chargeback_reference, "win")
    await notificationsProcessed(suite)
    expectStatus(
      await shop.admin.post(`/admin/orders/${order.id}/cancel`, {}),
      200,
      "cancel once won"
    )
    const money = await moneyOf(sandbox, shop, order.id, transactionId)
    expect(money.acquirer.refunds).toEqual([money.acquirer.captured_amount])
    expect(money.medusa.refunds).toEqual(money.medusa.captures)
    expect(payment.id).toBeTruthy()
  })

  it("the CSV export keeps every value the page shows: a reason starting a formula gets one leading quote, nothing else changes", async () => {
    const shop = await openShop()
    const { order } = await capturedOrder(shop)
    const { transactionId } = await transactionIdOf(shop, order.id)
    await notificationsProcessed(suite)
    // every character a spreadsheet starts a formula with that a reason can begin with
    // (tab and carriage return are trimmed from a reason; the unit tests hold them)
    const starts = ["=", "+", "-", "@", "\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"]
    const references: string[] = []
    for (const start of starts)
      references.push(
        (
          await sandbox.openChargeback(transactionId, {
            amount: "1.00",
            reason: `4837:${start}2+3 HYPERLINK("https://x.example")`,
          })
        ).chargeback_reference
      )
    // and one that starts no formula, as a control
    references.push(
      (
        await sandbox.openChargeback(transactionId, {
          amount: "1.00",
          reason: "4853:Not as described, -2+3",
        })
      ).chargeback_reference
    )
    await notificationsProcessed(suite)

    const page = expectStatus(
      await shop.admin.get(`/admin/acquiring/chargebacks?limit=50`),
      200,
      "chargebacks list"
    ).chargebacks as any[]
    expect(page.map((c) => c.reference).sort()).toEqual([...references].sort())
    const csv = await shop.admin.get(`/admin/acquiring/chargebacks/export`)
    expect(csv.status).toBe(200)
    const [header, ...rows] = parse(csv.text) as string[][]
    expect(rows).toHaveLength(references.length)
    const formula = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/
    for (const row of rows) {
      const cells = Object.fromEntries(header.map((name, i) => [name, row[i]]))
      const shown = page.find((c) => c.reference === cells.chargeback)
      const asShown = (value: string) =>
        formula.test(value.slice(1)) && value.startsWith("'")
          ? value.slice(1)
          : value
      expect({
        chargeback: cells.chargeback,
        status: cells.status,
        amount: cells.amount,
        currency: cells.currency,
        reason_code: cells.reason_code,
        reason: asShown(cells.reason),
        order_no: cells.order_no,
        transaction_id: cells.transaction_id,
      }).toEqual({
        chargeback: shown.reference,
        status: shown.status,
        amount: shown.amount,
        currency: shown.currency,
        reason_code: shown.reason_code,
        reason: shown.reason_text,
        order_no: shown.order_no,
        transaction_id: shown.transaction_id,
      })
      // exactly one quote added, and only where the value starts a formula
      expect(cells.reason).toBe(
        formula.test(shown.reason_text)
          ? `'${shown.reason_text}`
          : shown.reason_text
      )
    }
    // the values the page shows start with each of those characters, unchanged
    expect(
      page
        .map((c) => c.reason_text as string)
        .filter((text) => formula.test(text))
        .map((text) => text[0])
        .sort()
    ).toEqual([...starts].sort())
  })
}
