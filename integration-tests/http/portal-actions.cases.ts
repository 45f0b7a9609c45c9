/*
 * A capture, a void and a refund made by hand in the acquirer's merchant
 * portal (the sandbox's portal routes) reach Medusa: through the signed
 * notification, or through the reconcile job when the notification is lost.
 * Medusa records them without sending anything to the acquirer again.
 */
import type { AcquiringSuite } from "../helpers/acquiring-suite"
import { adminPayment, placeDirectOrder } from "../helpers/checkout"
import { expectStatus } from "../../dev/store-client/http-client"
import {
  expectMoneyEventually,
  moneyOf,
  notificationsProcessed,
  runReconcileJob,
  type Money,
} from "../helpers/settlement"

/** The order total of one unit in the USD region: 10.00 + 5.00 shipping. */
const TOTAL = 15

type PortalCase = {
  action: "capture" | "void" | "refund"
  via: "notification" | "job"
  /** the admin captures in Medusa before the portal action */
  capturedFirst: boolean
  portalBody: { amount?: string }
  expected: Money
}

const CASES: PortalCase[] = (["notification", "job"] as const).flatMap(
  (via) => [
    {
      action: "capture" as const,
      via,
      capturedFirst: false,
      portalBody: {},
      expected: {
        acquirer: { state: "captured", captured_amount: "15.00", refunds: [] },
        medusa: { captures: [TOTAL], refunds: [], canceled: false },
      },
    },
    {
      action: "void" as const,
      via,
      capturedFirst: false,
      portalBody: {},
      expected: {
        acquirer: { state: "voided", captured_amount: null, refunds: [] },
        medusa: { captures: [], refunds: [], canceled: true },
      },
    },
    {
      action: "refund" as const,
      via,
      capturedFirst: true,
      portalBody: { amount: "4.00" },
      expected: {
        acquirer: {
          state: "captured",
          captured_amount: "15.00",
          refunds: ["4.00"],
        },
        medusa: { captures: [TOTAL], refunds: [4], canceled: false },
      },
    },
  ]
)

export function portalActionsCases(suite: AcquiringSuite): void {
  const { sandbox, openShop } = suite

  it.each(CASES)(
    "a portal $action reaches Medusa through the $via",
    async ({ action, via, capturedFirst, portalBody, expected }) => {
      const shop = await openShop()
      const { order } = await placeDirectOrder(shop)
      const payment = await adminPayment(shop, order.id)
      const transactionId = String(payment.data.transaction_id)
      if (capturedFirst) {
        expectStatus(
          await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
          200,
          "capture"
        )
      }
      const apiCalls = (await sandbox.requests()).length

      const { notification } = await sandbox.portal(transactionId, action, {
        ...portalBody,
        notify: via === "notification",
      })
      expect(notification.state).toBe(
        via === "notification" ? "pending" : "withheld"
      )
      const read = () => moneyOf(sandbox, shop, order.id, transactionId)
      if (via === "notification") {
        await expectMoneyEventually(read, expected)
      } else {
        await notificationsProcessed(suite)
        await runReconcileJob(suite.container(), suite.databaseUrl())
        expect(await read()).toEqual(expected)
      }
      // Recorded from what the acquirer did: Medusa had it carry out no capture, void or refund.
      const carriedOut = (await sandbox.requests())
        .slice(apiCalls)
        .filter((r) => ["capture", "cancel", "refund"].includes(r.operation))
        .filter((r) => /^return_status=1 [1-9]\d*\//.test(String(r.summary)))
        .map((r) => `${r.operation}: ${r.summary}`)
      expect(carriedOut).toEqual([])
    }
  )

  it("after a portal refund Medusa refunds only what is left", async () => {
    const shop = await openShop()
    const { order } = await placeDirectOrder(shop)
    const payment = await adminPayment(shop, order.id)
    const transactionId = String(payment.data.transaction_id)
    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
      200,
      "capture"
    )
    await sandbox.portal(transactionId, "refund", { amount: "4.00" })
    const read = () => moneyOf(sandbox, shop, order.id, transactionId)
    await expectMoneyEventually(read, {
      acquirer: {
        state: "captured",
        captured_amount: "15.00",
        refunds: ["4.00"],
      },
      medusa: { captures: [TOTAL], refunds: [4], canceled: false },
    })

    const tooMuch = await shop.admin.post(
      `/admin/payments/${payment.id}/refund`,
      { amount: 12 }
    )
    expect(tooMuch.status).toBeGreaterThanOrEqual(400)
    expect(tooMuch.status).toBeLessThan(500)
    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/refund`, {
        amount: 11,
      }),
      200,
      "refund of the rest"
    )
    expect(await read()).toEqual({
      acquirer: {
        state: "captured",
        captured_amount: "15.00",
        refunds: ["4.00", "11.00"],
      },
      medusa: { captures: [TOTAL], refunds: [4, 11], canceled: false },
    })
  })
}
