import { sandboxAccountBody } from "../helpers/sandbox-account"
import {
  type AcquiringSuite,
  HOSTED_PROVIDER,
  type Shop,
} from "../helpers/acquiring-suite"
import {
  acquiringPaymentDetail,
  adminPayment,
  placeDirectOrder,
} from "../helpers/checkout"
import {
  createLink,
  orderOwingTen,
  payLinkElsewhere,
} from "../helpers/payment-links"
import { notificationsProcessed, runReconcileJob } from "../helpers/settlement"
import { SECOND_SANDBOX_ACCOUNT } from "../helpers/sandbox"
import { expectStatus } from "../../dev/store-client/http-client"

const SETTINGS = "/admin/acquiring/settings"

/**
 * Two stores (each its own sales channel) paying through two merchant
 * accounts at the acquirer: what runs after the sale (the reconcile job,
 * the chargeback watch, a payment link for what an edited order owes) asks
 * and charges each payment's own merchant. Asked of the wrong merchant, the
 * sandbox would not know the transaction.
 */
export function twoMerchantsCases(suite: AcquiringSuite) {
  const { sandbox, openShop, backendUrl, container } = suite

  const create = async (shop: Shop, extra: Record<string, unknown>) =>
    expectStatus(
      await shop.admin.post(
        `${SETTINGS}/accounts`,
        sandboxAccountBody(sandbox, backendUrl, {
          currencies: ["USD"],
          capture_on: "manual",
          ...extra,
        })
      ),
      200,
      `create ${String(extra.name)}`
    ).account as { id: string }

  const chargebackRows = async (reference: string) =>
    (container().resolve("acquiring") as any).listAcquiringChargebacks({
      reference,
    }) as Promise<{ status: string; payment_id: string }[]>

  const transactionOf = async (shop: Shop, paymentId: string) =>
    sandbox.transaction(
      String((await acquiringPaymentDetail(shop, paymentId)).transaction_id)
    )

  it("runs the reconcile job and the chargeback watch against each payment's own merchant, and a payment link takes the account of its order's sales channel", async () => {
    const web = await openShop()
    const canada = await openShop([
      {
        currency_code: "usd",
        country: "ca",
        unit_price: 10,
        shipping_price: 5,
      },
    ])
    await create(web, { name: "Fallback" })
    await create(web, {
      name: "Web shop entity",
      ...SECOND_SANDBOX_ACCOUNT,
      sales_channels: [web.seeded.salesChannelId],
    })

    // the web order: paid and captured at the second merchant, then edited to owe 10.00
    const webOrderId = await orderOwingTen(suite, web)
    const webPayment = await adminPayment(web, webOrderId)
    const webTx = await transactionOf(web, webPayment.id)
    expect([webTx.merchant_id, webTx.state]).toEqual([
      SECOND_SANDBOX_ACCOUNT.merchant_id,
      "captured",
    ])

    // the link for what it owes opens the hosted page at the same merchant
    const link = await createLink(web, webOrderId)
    const linkPayment = await payLinkElsewhere(
      web,
      webOrderId,
      link.url,
      HOSTED_PROVIDER
    )
    const linkTx = await transactionOf(web, linkPayment.id)
    expect([linkTx.merchant_id, linkTx.amount]).toEqual([
      SECOND_SANDBOX_ACCOUNT.merchant_id,
      "10.00",
    ])

    // the other store's order, at the first merchant
    const { order: canadaOrder } = await placeDirectOrder(canada)
    const canadaPayment = await adminPayment(canada, canadaOrder.id)
    expectStatus(
      await canada.admin.post(
        `/admin/payments/${canadaPayment.id}/capture`,
        {}
      ),
      200,
      "capture the Canadian order"
    )
    const canadaTx = await transactionOf(canada, canadaPayment.id)
    expect(canadaTx.merchant_id).toBe(sandbox.account.merchant_id)
    await notificationsProcessed(suite)

    // chargebacks on both, their notifications lost; the web payment is weeks old: only the watch asks about it
    const pg = container().resolve("__pg_connection__") as any
    await pg.raw(
      `update payment set created_at = now() - interval '30 days' where id = ?`,
      [webPayment.id]
    )
    await sandbox.loseNotifications(2)
    const onWeb = await sandbox.openChargeback(webTx.transaction_id, {
      amount: "2.00",
    })
    const onCanada = await sandbox.openChargeback(canadaTx.transaction_id, {
      amount: "3.00",
    })
    await runReconcileJob(container(), suite.databaseUrl())
    expect(await chargebackRows(onWeb.chargeback_reference)).toEqual([
      expect.objectContaining({ status: "OPEN", payment_id: webPayment.id }),
    ])
    expect(await chargebackRows(onCanada.chargeback_reference)).toEqual([
      expect.objectContaining({
        status: "OPEN",
        payment_id: canadaPayment.id,
      }),
    ])

    // decided at each merchant, notifications lost again: each is settled from its own merchant's answer
    await sandbox.loseNotifications(2)
    await sandbox.decideChargeback(onWeb.chargeback_reference, "win")
    await sandbox.decideChargeback(onCanada.chargeback_reference, "lose")
    await runReconcileJob(container(), suite.databaseUrl())
    const status = async (reference: string) =>
      (await chargebackRows(reference))[0]?.status
    expect(await status(onCanada.chargeback_reference)).toBe("LOST")
    // the watch's slice ended with the old payment last run: this run found its list's end, the next starts over
    expect(await status(onWeb.chargeback_reference)).toBe("OPEN")
    await runReconcileJob(container(), suite.databaseUrl())
    expect(await status(onWeb.chargeback_reference)).toBe("WON")
  })
}
