import { sandboxAccountBody } from "../helpers/sandbox-account"
import {
  type AcquiringSuite,
  CARD_PROVIDER,
  type Shop,
} from "../helpers/acquiring-suite"
import {
  acquiringPaymentDetail,
  adminPayment,
  cartWithSession,
  customerKeepsCard,
  expectOrder,
  submitCard,
} from "../helpers/checkout"
import { expectStatus } from "../../dev/store-client/http-client"
import { CARDS } from "../helpers/test-cards"

const SETTINGS = "/admin/acquiring/settings"

/**
 * An account's 3-D Secure rules and statement descriptor as payments meet
 * them: the sandbox challenges a card that needs it only when the payment
 * asked, and declines it (E0010) when it did not. The seeded USD cart costs
 * 10.00 + 5.00 shipping per item and bills in the US.
 */
export function threeDSecureRulesCases({
  sandbox,
  openShop,
  backendUrl,
}: AcquiringSuite) {
  async function accountWith(shop: Shop, advanced: Record<string, unknown>) {
    return expectStatus(
      await shop.admin.post(
        `${SETTINGS}/accounts`,
        sandboxAccountBody(sandbox, backendUrl, { name: "US shop", advanced })
      ),
      200,
      "create the account"
    ).account as { id: string; advanced: Record<string, unknown> }
  }

  const historyOf = async (shop: Shop, paymentId: string) =>
    expectStatus(
      await shop.admin.get(`/admin/acquiring/payments/${paymentId}/history`),
      200,
      "payment history"
    ).entries as { operation: string; summary: string }[]

  it("decides each payment by the first rule that matches, records why on the payment, and sends the statement descriptor", async () => {
    const shop = await openShop()
    const account = await accountWith(shop, {
      three_d_secure_rules: [
        { when: "amount_above", amounts: [{ currency: "usd", amount: "20" }] },
        { when: "first_order" },
      ],
      statement_descriptor: { text: "ACME US", append_order_no: true },
    })
    // stored as the schema keeps it: the amount in USD's digits
    expect(account.advanced.three_d_secure_rules).toEqual([
      { when: "amount_above", amounts: [{ currency: "USD", amount: "20.00" }] },
      { when: "first_order" },
    ])
    const email = "rules@example.test"

    // a first order: asked (the sandbox authenticates frictionlessly), with the descriptor
    const first = await cartWithSession(shop, CARD_PROVIDER, { email })
    expectStatus(
      await submitCard(shop, first.session.id, CARDS.approved),
      200,
      "first order's card"
    )
    const order = await expectOrder(shop, first.cart.id)
    const stored = await shop.stored(first.session.id)
    expect(stored.attempts[0].three_d_secure).toEqual({
      asked: true,
      reason: "the customer's first order",
      rule: 2,
    })
    const tx = await sandbox.transaction(stored.transaction_id)
    const descriptor = `ACME US ${String(stored.order_no).slice(-14)}`
    expect([tx.is3ds, tx.descriptor]).toEqual([true, descriptor])

    // the order widget and the payment's history say which account served it and why 3-D Secure was asked
    const payment = await adminPayment(shop, order.id)
    const detail = await acquiringPaymentDetail(shop, payment.id)
    expect({
      account: detail.account.name,
      decision: detail.three_ds.decision,
      descriptor: detail.descriptor,
    }).toEqual({
      account: "US shop",
      decision: "3-D Secure asked: the customer's first order (rule 2)",
      descriptor,
    })
    const request = (await historyOf(shop, payment.id)).find(
      (entry) => entry.operation === "authorise"
    )
    expect(request?.summary).toContain(
      `Account US shop; 3-D Secure asked: the customer's first order (rule 2); statement descriptor "${descriptor}"`
    )

    // the same shopper again, 15.00: no rule matches and the issuer decides, so a card that needs authentication is declined
    const second = await cartWithSession(shop, CARD_PROVIDER, { email })
    const declined = await submitCard(shop, second.session.id, CARDS.challenge)
    expect(declined.status).toBe(402)
    expect(declined.data.message).toMatch(/E0010/)
    expect(
      (await shop.stored(second.session.id)).attempts[0].three_d_secure
    ).toEqual({
      asked: false,
      reason: "the account's default: the issuer decides",
      rule: null,
    })

    // 25.00 is above 20.00 USD: asked, so the same card is challenged
    const third = await cartWithSession(shop, CARD_PROVIDER, {
      email,
      quantity: 2,
    })
    const challenged = expectStatus(
      await submitCard(shop, third.session.id, CARDS.challenge),
      200,
      "challenged card"
    )
    expect(challenged.payment_session.data.status).toBe("requires_more")
    const asked = await shop.stored(third.session.id)
    expect(asked.attempts[0].three_d_secure).toEqual({
      asked: true,
      reason: "above 20.00 USD",
      rule: 1,
    })
    expect((await sandbox.transaction(asked.transaction_id)).state).toBe(
      "pending_3ds"
    )
  })

  it("never asks for 3-D Secure on a saved card staff charge without the customer, even when a rule asks on every payment", async () => {
    const shop = await openShop()
    await accountWith(shop, {
      three_d_secure_rules: [{ when: "every_payment" }],
    })
    const { cart } = await customerKeepsCard(
      shop,
      backendUrl,
      "mit@example.test"
    )
    const order = await expectOrder(shop, cart.id)
    const charged = expectStatus(
      await shop.admin.post(
        `/admin/acquiring/orders/${order.id}/charge-saved-card`,
        {
          amount: "5.00",
          reason: "replacement part",
          confirm_over_balance: true,
          request_id: "req-rules-mit-1",
        }
      ),
      200,
      "charge the saved card"
    )
    const [customerPays, staffCharges] = (
      await sandbox.requests("authorise")
    ).slice(-2)
    expect(customerPays.body.open3d).toBe("do3DS")
    expect([staffCharges.body.order_type, staffCharges.body.open3d]).toEqual([
      "MIT",
      undefined,
    ])
    const detail = await acquiringPaymentDetail(shop, charged.payment_id)
    expect(detail.three_ds.decision).toBe(
      "3-D Secure not asked: merchant-initiated charge, the card holder is not present"
    )
  })
}
