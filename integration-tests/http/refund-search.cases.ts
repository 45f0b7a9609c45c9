/*
 * Refund search in the merchant's hands: the acquirer's refunds beside
 * Medusa's, a refund made in the acquirer's portal (its notification lost)
 * recorded in Medusa by hand, exactly once and without anything sent to the
 * acquirer; the search by what the admin shows (order number, order id,
 * transaction id); validation and admin auth of both routes.
 */
import type { AcquiringSuite, Shop } from "../helpers/acquiring-suite"
import { adminPayment, placeDirectOrder } from "../helpers/checkout"
import { expectStatus, httpClient } from "../../dev/store-client/http-client"
import { notificationsProcessed } from "../helpers/settlement"

/** Refund requests the sandbox carried out (its summaries count entries done / sent). */
async function refundsCarriedOut(
  sandbox: { requests(): Promise<any[]> },
  since: number
): Promise<string[]> {
  return (await sandbox.requests())
    .slice(since)
    .filter((r) => r.operation === "refund")
    .map((r) => String(r.summary))
}

/** An order paid by card, captured, and partly refunded through Medusa. */
async function capturedWithMedusaRefund(shop: Shop, amount: number) {
  const { order } = await placeDirectOrder(shop)
  const payment = await adminPayment(shop, order.id)
  expectStatus(
    await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
    200,
    "capture"
  )
  expectStatus(
    await shop.admin.post(`/admin/payments/${payment.id}/refund`, { amount }),
    200,
    "Medusa refund"
  )
  return {
    order,
    payment,
    orderNo: String(payment.data.order_no),
    transactionId: String(payment.data.transaction_id),
  }
}

export function refundSearchCases(suite: AcquiringSuite): void {
  const { sandbox, openShop } = suite

  it("a portal refund shows missing_in_medusa, is recorded once, then matches; a Medusa refund matches", async () => {
    const shop = await openShop()
    const { order, payment, orderNo, transactionId } =
      await capturedWithMedusaRefund(shop, 3)
    // the Medusa refund's own notification records whatever the order lacks: let it pass first
    await notificationsProcessed(suite)
    await sandbox.portal(transactionId, "refund", {
      amount: "4.00",
      notify: false,
    })
    const portalRefund = (
      await sandbox.transaction(transactionId)
    ).refunds.find((r: any) => r.refund_amount === "4.00")
    expect(portalRefund.refund_reference_id).toBe(`${transactionId}-02`)
    const requestsBefore = (await sandbox.requests()).length

    const search = expectStatus(
      await shop.admin.get(`/admin/acquiring/refunds?order_no=${orderNo}`),
      200,
      "refund search"
    )
    expect(search.count).toBe(2)
    const byAmount = (rows: any[], amount: string) =>
      rows.find((r) => r.acquirer?.refund_amount === amount)
    expect(byAmount(search.refunds, "3.00")).toMatchObject({
      status: "ok",
      payment_id: payment.id,
      recordable: false,
      acquirer: {
        order_no: orderNo,
        refund_reference_id: `${transactionId}-01`,
      },
      medusa: { amount: "3.00" },
    })
    expect(byAmount(search.refunds, "4.00")).toMatchObject({
      status: "missing_in_medusa",
      payment_id: payment.id,
      recordable: true,
      medusa: null,
    })

    const recorded = expectStatus(
      await shop.admin.post("/admin/acquiring/refunds/record", {
        refund_reference_id: portalRefund.refund_reference_id,
      }),
      200,
      "record"
    )
    expect(recorded).toMatchObject({
      order_no: orderNo,
      payment_id: payment.id,
      recorded: 1,
    })
    expect(recorded.refunds.map((r: any) => r.status).sort()).toEqual([
      "ok",
      "ok",
    ])
    const medusaRefunds = async () =>
      (await adminPayment(shop, order.id)).refunds
        .map((r: any) => Number(r.amount))
        .sort()
    expect(await medusaRefunds()).toEqual([3, 4])

    // asking again, by reference or by order number, records nothing
    const again = expectStatus(
      await shop.admin.post("/admin/acquiring/refunds/record", {
        refund_reference_id: portalRefund.refund_reference_id,
      }),
      200,
      "record again"
    )
    expect(again.recorded).toBe(0)
    const byOrder = expectStatus(
      await shop.admin.post("/admin/acquiring/refunds/record", {
        order_no: orderNo,
      }),
      200,
      "record the order's"
    )
    expect(byOrder.recorded).toBe(0)
    expect(await medusaRefunds()).toEqual([3, 4])

    const byReference = expectStatus(
      await shop.admin.get(
        `/admin/acquiring/refunds?reference=${portalRefund.refund_reference_id}`
      ),
      200,
      "search by reference"
    )
    expect(byReference.refunds).toHaveLength(1)
    expect(byReference.refunds[0]).toMatchObject({
      status: "ok",
      medusa: { amount: "4.00" },
    })

    // recorded from the acquirer's record: no refund was sent
    expect(await refundsCarriedOut(sandbox, requestsBefore)).toEqual([])
    expect(
      (await sandbox.transaction(transactionId)).refunds.map(
        (r: any) => r.refund_amount
      )
    ).toEqual(["3.00", "4.00"])
  })

  it("searches by what the admin shows: the order's number (#12 or 12), its id, the transaction id", async () => {
    const shop = await openShop()
    const { order, payment, orderNo, transactionId } =
      await capturedWithMedusaRefund(shop, 2)
    await notificationsProcessed(suite)
    const expected = {
      status: "ok",
      payment_id: payment.id,
      order: { id: order.id, display_id: order.display_id },
      acquirer: {
        order_no: orderNo,
        refund_reference_id: `${transactionId}-01`,
      },
      medusa: { amount: "2.00", currency: "USD" },
    }
    const search = async (query: string) =>
      expectStatus(
        await shop.admin.get(`/admin/acquiring/refunds?${query}`),
        200,
        query
      )
    for (const query of [
      `order=${encodeURIComponent(`#${order.display_id}`)}`,
      `order=${order.display_id}`,
      `order=${order.id}`,
      `transaction_id=${transactionId}`,
    ]) {
      const found = await search(query)
      expect(found).toMatchObject({ count: 1, unmatched: [] })
      expect(found.refunds[0]).toMatchObject(expected)
    }
    // the acquirer's own keys name the order too
    expect((await search(`order_no=${orderNo}`)).refunds[0]).toMatchObject(
      expected
    )

    // an order Medusa lacks, an unknown transaction: no rows, named back
    const none = await search(`order=${order.display_id},%23999999`)
    expect(none.unmatched).toEqual(["#999999"])
    expect(none.count).toBe(1)
    expect(await search("transaction_id=T404404")).toEqual({
      refunds: [],
      count: 0,
      unmatched: ["T404404"],
    })
  })

  it("validates the query and body, naming the field, and requires an admin", async () => {
    const shop = await openShop()
    const bad = async (
      answer: Promise<{ status: number; data: any }>,
      field: string
    ) => {
      const { status, data } = await answer
      expect(status).toBe(400)
      expect(String(data.message)).toContain(field)
    }
    await bad(shop.admin.get("/admin/acquiring/refunds"), "order_no")
    await bad(
      shop.admin.get("/admin/acquiring/refunds?order_no=A1&reference=R1"),
      "order_no"
    )
    const tooMany = Array.from({ length: 101 }, (_, i) => `O${i}`).join(",")
    await bad(
      shop.admin.get(`/admin/acquiring/refunds?order_no=${tooMany}`),
      "order_no"
    )
    await bad(
      shop.admin.get(
        `/admin/acquiring/refunds?reference=${encodeURIComponent("a b<c>")}`
      ),
      "reference"
    )
    await bad(
      shop.admin.get("/admin/acquiring/refunds?order_no=A1&limit=5"),
      "limit"
    )
    // an order is named as the admin shows it, not by the acquirer's order number
    await bad(shop.admin.get("/admin/acquiring/refunds?order=MED3f2a"), "order")
    await bad(
      shop.admin.get("/admin/acquiring/refunds?order=12&transaction_id=T1"),
      "transaction_id"
    )
    await bad(
      shop.admin.get(
        `/admin/acquiring/refunds?transaction_id=${encodeURIComponent("T 1")}`
      ),
      "transaction_id"
    )
    await bad(
      shop.admin.post("/admin/acquiring/refunds/record", {}),
      "refund_reference_id"
    )
    await bad(
      shop.admin.post("/admin/acquiring/refunds/record", {
        refund_reference_id: 12,
      }),
      "refund_reference_id"
    )
    await bad(
      shop.admin.post("/admin/acquiring/refunds/record", {
        order_no: "A1",
        amount: "4.00",
      }),
      "amount"
    )
    const unknown = await shop.admin.post("/admin/acquiring/refunds/record", {
      refund_reference_id: "T000-01",
    })
    expect(unknown.status).toBe(404)
    expect(String(unknown.data.message)).toContain("refund_reference_id")

    const anonymous = httpClient(suite.backendUrl)
    expect(
      (await anonymous.get("/admin/acquiring/refunds?order_no=A1")).status
    ).toBe(401)
    expect(
      (
        await anonymous.post("/admin/acquiring/refunds/record", {
          order_no: "A1",
        })
      ).status
    ).toBe(401)
  })
}
