import { Modules } from "@medusajs/framework/utils"
import { type AcquiringSuite, CARD_PROVIDER } from "../helpers/acquiring-suite"
import {
  adminPayment,
  cartWithSession,
  expectOrder,
  paidSession,
  submitCard,
} from "../helpers/checkout"
import { expectStatus } from "../../dev/store-client/http-client"
import { CARDS } from "../helpers/test-cards"

/** The order widget's routes: one payment as the admin sees it, a sync with the acquirer, and who decided a review. */
export function adminPaymentDetailCases({
  sandbox,
  openShop,
  backendUrl,
  container,
}: AcquiringSuite): void {
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
}
