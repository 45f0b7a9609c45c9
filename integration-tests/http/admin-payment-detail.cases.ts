import { Modules } from "@medusajs/framework/utils"
import { type AcquiringSuite, CARD_PROVIDER } from "../helpers/acquiring-suite"
import {
  adminPayment,
  cartWithSession,
  expectOrder,
  paidSession,
  placeDirectOrder,
  submitCard,
} from "../helpers/checkout"
import { eventually } from "../helpers/polling"
import { notificationsProcessed } from "../helpers/settlement"
import { expectStatus } from "../../dev/store-client/http-client"
import { CARDS } from "../helpers/test-cards"

/** The order widget's routes: one payment as the admin sees it, a sync with the acquirer, who decided a review, and the order's money version. */
export function adminPaymentDetailCases(suite: AcquiringSuite): void {
  const { sandbox, openShop, backendUrl, container } = suite

  it("shows a held payment's risk, records who released it on the order, and syncs with the acquirer", async () => {
    const shop = await openShop()
    const { cart, session } = await cartWithSession(shop, CARD_PROVIDER)
    await paidSession(
      shop,
      await submitCard(shop, session.id, CARDS.review),
      "submit review card"
    )
    const order = await expectOrder(shop, cart.id)
    const payment = await adminPayment(shop, order.id)

    // admin routes need admin authentication
    const anonymous = await fetch(
      `${backendUrl()}/admin/acquiring/payments/${payment.id}`
    )
    expect(anonymous.status).toBe(401)

    const held = expectStatus(
      await shop.admin.get(`/admin/acquiring/payments/${payment.id}`),
      200,
      "payment detail"
    ).payment
    const tx = await sandbox.transaction(held.transaction_id)
    expect(held).toMatchObject({
      id: payment.id,
      provider_id: CARD_PROVIDER,
      status: "authorized",
      review: "held",
      order_id: order.id,
      card_masked: tx.card_masked,
      // the sandbox's risk screening for its review card
      risk: {
        action: "REVIEW",
        score: tx.risk_score,
        reasons: ["velocity_check: REVIEW"],
      },
      account: { id: null, name: null, mode: "test" },
      decided: null,
    })
    expect(JSON.stringify(held)).not.toMatch(/sign_key|shopper_ip|cart/)

    // a payment of another provider is not the plugin's to show
    expect(
      (await shop.admin.get(`/admin/acquiring/payments/pay_unknown`)).status
    ).toBe(404)

    expectStatus(
      await shop.admin.post(`/admin/acquiring/payments/${payment.id}/review`, {
        decision: "release",
      }),
      200,
      "release"
    )
    const released = expectStatus(
      await shop.admin.get(`/admin/acquiring/payments/${payment.id}`),
      200,
      "payment detail after release"
    ).payment
    const users = await container()
      .resolve(Modules.USER)
      .listUsers({}, { order: { created_at: "DESC" }, take: 1 })
    expect(released).toMatchObject({
      review: "released",
      decided: {
        decision: "release",
        by: users[0].id,
        by_email: users[0].email,
      },
    })
    // the decision is on the order's record: a confirmed order change by that user
    const changes = await container()
      .resolve(Modules.ORDER)
      .listOrderChanges({ order_id: order.id }, { relations: ["actions"] })
    expect(changes).toEqual([
      expect.objectContaining({
        change_type: "update_order",
        status: "confirmed",
        created_by: users[0].id,
        internal_note: `Payment released from risk review by ${users[0].email}`,
      }),
    ])

    // the release's notification settled first: its status query must not see the portal's capture
    await notificationsProcessed(suite)
    // captured at the acquirer behind Medusa's back (the merchant portal): a sync records it
    await sandbox.portal(held.transaction_id, "capture", { notify: false })
    const synced = expectStatus(
      await shop.admin.post(`/admin/acquiring/payments/${payment.id}/sync`, {}),
      200,
      "sync"
    )
    expect(synced.sync).toMatchObject({ reached: true })
    expect(synced.sync.changed).toContain("status")
    expect(synced.payment).toMatchObject({ status: "captured" })
    expect((await adminPayment(shop, order.id)).captured_at).toBeTruthy()

    const again = expectStatus(
      await shop.admin.post(`/admin/acquiring/payments/${payment.id}/sync`, {}),
      200,
      "second sync"
    )
    expect(again.sync).toEqual({
      reached: true,
      changed: [],
      message: "In line with the acquirer; nothing changed.",
    })
  })

  it("answers the order's money version: the same while nothing moves, another once money moved elsewhere; 401 without an admin, 404 for no order", async () => {
    const shop = await openShop()
    const { order, paid } = await placeDirectOrder(shop)
    await notificationsProcessed(suite)
    const path = `/admin/acquiring/orders/${order.id}/money-version`
    const versionOf = async () => {
      const answer = await shop.admin.get(path)
      expect(answer.headers.get("cache-control")).toBe("no-store")
      return expectStatus(answer, 200, "money version").version as string
    }
    const first = await versionOf()
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/)
    // read again with nothing moved: the page refreshes nothing
    expect(await versionOf()).toBe(first)

    // captured by another admin
    const payment = await adminPayment(shop, order.id)
    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
      200,
      "capture"
    )
    const captured = await versionOf()
    expect(captured).not.toBe(first)
    expect(await versionOf()).toBe(captured)

    // a chargeback raised at the acquirer, recorded from its notification
    await sandbox.openChargeback(String(paid.data.transaction_id), {
      amount: "5.00",
    })
    await notificationsProcessed(suite)
    const disputed = await eventually(
      "the version to move with the chargeback",
      async () => {
        const now = await versionOf()
        return now !== captured ? now : undefined
      }
    )
    expect(disputed).not.toBe(first)

    const anonymous = await fetch(`${backendUrl()}${path}`)
    expect(anonymous.status).toBe(401)
    expect(
      (await shop.admin.get("/admin/acquiring/orders/order_nope/money-version"))
        .status
    ).toBe(404)
  })
}
