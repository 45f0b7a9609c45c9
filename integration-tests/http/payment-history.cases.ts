import { formsOf, submitForm } from "../../dev/store-client/browser"
import { expectStatus } from "../../dev/store-client/http-client"
import { type AcquiringSuite, CARD_PROVIDER } from "../helpers/acquiring-suite"
import { findCardData } from "../helpers/card-data-scan"
import {
  adminPayment,
  cartWithSession,
  expectOrder,
  paidSession,
  submitCard,
} from "../helpers/checkout"
import { notificationsProcessed, runReconcileJob } from "../helpers/settlement"
import { CARD_SECRETS, CARDS } from "../helpers/test-cards"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  DELETE_REFUSED_EVENTS,
  FOLD_REFUSED_EVENTS,
} from "../../src/modules/acquiring/refusal-sql"

export function paymentHistoryCases(suite: AcquiringSuite): void {
  const { sandbox, openShop, container } = suite

  it("a payment through 3-D Secure, capture, two refunds and a lost notification shows each step in order, without card data", async () => {
    const shop = await openShop()
    const { cart, session } = await cartWithSession(shop, CARD_PROVIDER)
    const challenged = await paidSession(
      shop,
      await submitCard(shop, session.id, CARDS.challenge),
      "3-D Secure card"
    )
    const form = challenged.data.three_ds.form
    const page = (
      await submitForm({
        action: form.action,
        method: "post",
        inputs: form.inputs,
      })
    ).visits.at(-1)!
    await submitForm(
      formsOf(page.text, page.url).find((f) => f.inputs.outcome === "pass")!
    )
    const order = await expectOrder(shop, cart.id)
    const payment = await adminPayment(shop, order.id)
    await notificationsProcessed(suite)
    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
      200,
      "capture"
    )
    await notificationsProcessed(suite)
    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/refund`, {
        amount: 2,
      }),
      200,
      "first refund"
    )
    await notificationsProcessed(suite)
    // the second refund's notification never arrives: the job reconciles instead
    await sandbox.loseNotifications(1)
    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/refund`, {
        amount: 3,
      }),
      200,
      "second refund"
    )
    await runReconcileJob(container(), suite.databaseUrl())

    const history = expectStatus(
      await shop.admin.get(`/admin/acquiring/payments/${payment.id}/history`),
      200,
      "history"
    )
    const times = history.entries.map((e: any) => e.at)
    expect([...times].sort()).toEqual(times)
    const requests = history.entries.filter((e: any) => e.source === "request")
    expect(
      requests.map((e: any) => [e.operation, e.outcome, e.amount])
    ).toEqual([
      ["authorise", "done", expect.any(String)],
      ["capture", "done", expect.any(String)],
      // made, then claimed by the Medusa refund that records it
      ["refund", "recorded", "2.00"],
      ["refund", "recorded", "3.00"],
    ])
    for (const request of requests) {
      expect(request.duration_ms).toEqual(expect.any(Number))
      expect(request.order_no).toBe(payment.data.order_no ?? request.order_no)
    }
    const admin = history.entries.filter((e: any) => e.source === "admin")
    expect(admin.map((e: any) => [e.operation, e.outcome, e.amount])).toEqual([
      ["capture", "answered", null],
      ["refund", "answered", "2.00"],
      ["refund", "answered", "3.00"],
    ])
    // the admin by name (the suite's admin user is Test Admin), the amount in USD's digits
    expect(admin.map((e: any) => e.summary)).toEqual([
      "Test Admin asked to capture: accepted",
      "Test Admin asked to refund 2.00 USD: accepted",
      "Test Admin asked to refund 3.00 USD: accepted",
    ])
    const notes = history.entries.filter(
      (e: any) => e.source === "notification"
    )
    expect(notes.length).toBeGreaterThanOrEqual(2)
    expect(notes.every((e: any) => e.outcome === "verified")).toBe(true)
    // one entry per notification delivered (Medusa's handler and the plugin's both see each)
    const delivered = (
      await sandbox.notifications(
        String(payment.data.transaction_id ?? requests[0].transaction_id)
      )
    ).filter((n) => n.state === "delivered")
    const countOf = (types: string[]) =>
      Object.fromEntries(
        [...new Set(types)].map((t) => [t, types.filter((x) => x === t).length])
      )
    expect(countOf(notes.map((e: any) => e.operation))).toEqual(
      countOf(delivered.map((n) => n.notify_type))
    )
    expect(notes.map((e: any) => e.operation)).toEqual(
      expect.arrayContaining(["CAPTURE", "REFUND"])
    )
    // the 3-D Secure authorisation comes before the capture the admin asked for
    const at = (e: any) => history.entries.indexOf(e)
    expect(at(requests[0])).toBeLessThan(at(admin[0]))
    expect(at(admin[1])).toBeLessThan(at(requests[2]))
    expect(history.verdict).toMatch(
      /^Captured \d+\.\d{2} USD\. 2 refund\(s\) made\.$/
    )

    const text = JSON.stringify(history)
    for (const number of CARD_SECRETS.cardNumbers)
      expect(text).not.toContain(number)
    expect(await findCardData(suite.databaseUrl(), CARD_SECRETS)).toEqual([])

    // the search finds the same steps by order, narrowed by operation and outcome
    const search = expectStatus(
      await shop.admin.get(
        `/admin/acquiring/history?order=%23${order.display_id}&operation=refund&outcome=recorded`
      ),
      200,
      "history search"
    )
    expect(search.count).toBe(2)
    expect(search.entries.map((e: any) => e.amount)).toEqual(["3.00", "2.00"])
    // several operations and outcomes, as the page's placeholders show them
    const several = expectStatus(
      await shop.admin.get(
        `/admin/acquiring/history?order=${order.display_id}&operation=${encodeURIComponent("capture, refund")}&outcome=done,recorded`
      ),
      200,
      "history search of several operations"
    )
    expect(
      several.entries.map((e: any) => [e.source, e.operation, e.outcome])
    ).toEqual([
      ["request", "refund", "recorded"],
      ["request", "refund", "recorded"],
      ["request", "capture", "done"],
    ])
    // the admins' actions are found by the order too
    const byOrder = expectStatus(
      await shop.admin.get(
        `/admin/acquiring/history?order=%23${order.display_id}&limit=500`
      ),
      200,
      "history of the order"
    )
    expect(
      byOrder.entries
        .filter((e: any) => e.source === "admin")
        .map((e: any) => e.operation)
    ).toEqual(["refund", "refund", "capture"])
    const refused = await shop.admin.get(`/admin/acquiring/history?limit=lots`)
    expect(refused.status).toBe(400)
    expect(refused.text).toContain("limit")
  })

  it("a lost answer reads as lost in the verdict until the job settles it", async () => {
    const shop = await openShop()
    const { cart, session } = await cartWithSession(shop, CARD_PROVIDER)
    await paidSession(
      shop,
      await submitCard(shop, session.id, CARDS.approved),
      "card"
    )
    const order = await expectOrder(shop, cart.id)
    const payment = await adminPayment(shop, order.id)
    await notificationsProcessed(suite)
    await sandbox.injectFault({
      operation: "capture",
      kind: "connection_reset",
      after_processing: true,
      count: 1,
    })
    // and the status query cannot tell either, so the capture stays unknown
    await sandbox.injectFault({
      operation: "retrieval_trans",
      kind: "http_500",
      count: 50,
    })
    const lost = await shop.admin.post(
      `/admin/payments/${payment.id}/capture`,
      {}
    )
    expect(lost.status).toBeGreaterThanOrEqual(400)
    const during = expectStatus(
      await shop.admin.get(`/admin/acquiring/payments/${payment.id}/history`),
      200,
      "history while lost"
    )
    expect(during.verdict).toMatch(
      /^The acquirer's answer to the capture of \d+\.\d{2} USD was lost; the reconcile job asks again at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/
    )
    await sandbox.clearFaults()
    await runReconcileJob(container(), suite.databaseUrl())
    const after = expectStatus(
      await shop.admin.get(`/admin/acquiring/payments/${payment.id}/history`),
      200,
      "history once settled"
    )
    expect(after.verdict).toMatch(/^Captured \d+\.\d{2} USD\./)
    expect(
      after.entries.some(
        (e: any) =>
          e.source === "job" && /capture of .* recorded/.test(e.summary)
      )
    ).toBe(true)
  })

  it("refused notifications stored one by one before they were counted are folded into counters by the migration", async () => {
    const pg = container().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const run = (sql: string, params: string[] = []) =>
      pg.raw(sql, params).then((result: { rows: any[] }) => result.rows)
    await run(
      `insert into "acquiring_operation" ("id", "provider_id", "kind", "state", "order_no", "session_id", "amount", "currency") values ('acqop_fold', ?, 'checkout', 'done', 'MEDfold', 'payses_fold', '15.00', 'USD')`,
      [CARD_PROVIDER]
    )
    const event = (id: string, outcome: string, at: string) =>
      run(
        `insert into "acquiring_payment_event" ("id", "kind", "outcome", "summary", "order_no", "created_at") values (?, 'notification', ?, 'PAYMENT notification', 'MEDfold', ?)`,
        [id, outcome, at]
      )
    await event("acqev_f1", "refused", "2026-11-01T10:05:00Z")
    await event("acqev_f2", "refused", "2026-11-01T10:35:00Z")
    await event("acqev_f3", "refused", "2026-11-01T10:59:59Z")
    await event("acqev_f4", "refused", "2026-11-01T11:00:00Z")
    await event("acqev_f5", "verified", "2026-11-01T11:10:00Z")

    await run(FOLD_REFUSED_EVENTS)
    await run(DELETE_REFUSED_EVENTS)

    const counters = await run(
      `select "provider_id", "reason", "order_no", "session_id", "count", "hour", "first_seen_at", "last_seen_at" from "acquiring_notification_refusal" order by "hour"`
    )
    const iso = (at: Date) => new Date(at).toISOString()
    expect(
      counters.map((c: any) => ({
        ...c,
        hour: iso(c.hour),
        first_seen_at: iso(c.first_seen_at),
        last_seen_at: iso(c.last_seen_at),
      }))
    ).toEqual([
      {
        provider_id: CARD_PROVIDER,
        reason: "bad_signature",
        order_no: "MEDfold",
        session_id: "payses_fold",
        count: 3,
        hour: "2026-11-01T10:00:00.000Z",
        first_seen_at: "2026-11-01T10:05:00.000Z",
        last_seen_at: "2026-11-01T10:59:59.000Z",
      },
      {
        provider_id: CARD_PROVIDER,
        reason: "bad_signature",
        order_no: "MEDfold",
        session_id: "payses_fold",
        count: 1,
        hour: "2026-11-01T11:00:00.000Z",
        first_seen_at: "2026-11-01T11:00:00.000Z",
        last_seen_at: "2026-11-01T11:00:00.000Z",
      },
    ])
    expect(
      (
        await run(
          `select "id" from "acquiring_payment_event" where "order_no" = 'MEDfold' order by "id"`
        )
      ).map((r: any) => r.id)
    ).toEqual(["acqev_f5"])
  })
}
