import { Modules } from "@medusajs/framework/utils"
import { expectStatus } from "../../dev/store-client/http-client"
import type { AcquiringSuite } from "../helpers/acquiring-suite"
import { FAULTS, faultMatrix, REFUND, TOTAL } from "../helpers/fault-matrix"
import {
  notificationsProcessed,
  settle,
  type Money,
} from "../helpers/settlement"

/**
 * A chargeback opened and lost while the status query (the record a
 * CHARGEBACK notification prompts) meets each fault of the service: nothing
 * is recorded from an answer that cannot be trusted, and once settled the
 * loss is recorded once, as a 5.00 refund in Medusa that the acquirer never
 * made, with one feed notice of it.
 */
export function chargebackFaultCases(suite: AcquiringSuite): void {
  const { sandbox, container } = suite
  const { inject, money, authorizedOrder } = faultMatrix(suite)

  for (const fault of FAULTS) {
    it(`records a lost chargeback once after ${fault.name} on the status query`, async () => {
      const { shop, order, payment, transactionId } = await authorizedOrder()
      expectStatus(
        await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
        200,
        "capture"
      )
      await notificationsProcessed(suite)
      await inject("retrieval_trans", fault)
      const opened = await sandbox.openChargeback(transactionId, {
        amount: "5.00",
      })
      await notificationsProcessed(suite)
      await sandbox.decideChargeback(opened.chargeback_reference, "lose")
      await settle(suite)

      const rows = await container()
        .resolve<any>("acquiring")
        .listAcquiringChargebacks({ reference: opened.chargeback_reference })
      expect(
        rows.map((r: any) => [r.status, r.amount, !!r.accounted_at])
      ).toEqual([["LOST", "5.00", true]])
      const notices = (
        await container()
          .resolve(Modules.NOTIFICATION)
          .listNotifications({ channel: "feed" }, { take: 1000 })
      ).filter((n: any) =>
        n.data.description.includes(opened.chargeback_reference)
      )
      expect(
        notices.filter((n: any) => n.data.title === "Chargeback lost")
      ).toHaveLength(1)

      // the first notification again, late: nothing moves back or twice
      const first = (await sandbox.notifications(transactionId)).find(
        (n) => n.notify_type === "CHARGEBACK"
      )!
      await sandbox.deliverAgain(first.id)
      await settle(suite)
      expect(await money(shop, order.id, transactionId)).toEqual<Money>({
        acquirer: { state: "captured", captured_amount: "15.00", refunds: [] },
        medusa: { captures: [TOTAL], refunds: [REFUND], canceled: false },
      })
    })
  }
}
