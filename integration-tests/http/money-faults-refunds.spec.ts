/*
 * The fault matrix for refunds: a refund meets each fault of the service,
 * before or after it acted. While its outcome is unknown a second refund is
 * refused; after settlement it is made once on both sides. The first
 * refund's notification is held back until the retry has been tried: once
 * handled it settles that refund, and the retry is then a new refund.
 */
import { acquiringSuite } from "../helpers/acquiring-suite"
import { expectStatus } from "../../dev/store-client/http-client"
import {
  expectClearAnswer,
  faultMatrix,
  FAULTS,
  REFUND,
  shortProviderTimeout,
  TOTAL,
} from "../helpers/fault-matrix"
import { settle, type Money } from "../helpers/settlement"
import { budget } from "../setup/time-budget"

jest.setTimeout(budget(120_000))
shortProviderTimeout()

acquiringSuite((suite) => {
  const { sandbox } = suite
  const { inject, finished, faultedCallDone, money, authorizedOrder } =
    faultMatrix(suite)

  describe("refund (POST /admin/payments/:id/refund)", () => {
    it.each(FAULTS)("$name", async (fault) => {
      const { shop, order, payment, transactionId } = await authorizedOrder()
      expectStatus(
        await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
        200,
        "capture"
      )
      const earlier = await finished("refund")
      await inject("refund", fault)
      await sandbox.loseNotifications(1)

      const refund = () =>
        shop.admin.post(`/admin/payments/${payment.id}/refund`, {
          amount: REFUND,
        })
      const first = await refund()
      expectClearAnswer(first, "refund")
      if (first.status !== 200 && fault.acted)
        expect(first.text).toMatch(/being confirmed/i)
      // The merchant retries once the acquirer is done with the first (the slow case: after it).
      await faultedCallDone("refund", earlier)
      if (first.status !== 200 && /being confirmed/i.test(first.text)) {
        // While the first refund is unsettled a second one is refused, not sent.
        const second = await refund()
        expectClearAnswer(second, "second refund")
        expect(second.status).toBeGreaterThanOrEqual(400)
        expect(second.text).toMatch(/refund/i)
        expect(second.text).toMatch(/confirm|unsettled|settled/i)
      }
      const refundsNow = (await sandbox.transaction(transactionId)).refunds
      expect(refundsNow.length).toBeLessThanOrEqual(1)
      await sandbox.loseNotifications(0)
      const held = (await sandbox.notifications(transactionId)).filter(
        (n) => n.state === "withheld"
      )
      expect(held.map((n) => n.notify_type)).toEqual(
        fault.acted ? ["REFUND"] : []
      )
      for (const n of held)
        expect((await sandbox.deliverAgain(n.id)).ok).toBe(true)

      await settle(suite)

      expect(await money(shop, order.id, transactionId)).toEqual<Money>({
        acquirer: {
          state: "captured",
          captured_amount: "15.00",
          refunds: fault.acted ? ["5.00"] : [],
        },
        medusa: {
          captures: [TOTAL],
          refunds: fault.acted ? [REFUND] : [],
          canceled: false,
        },
      })
      if (!fault.acted)
        expectStatus(await refund(), 200, "refund after settlement")
      // Refunded once on both sides, whichever way it went.
      expect(await money(shop, order.id, transactionId)).toEqual<Money>({
        acquirer: {
          state: "captured",
          captured_amount: "15.00",
          refunds: ["5.00"],
        },
        medusa: { captures: [TOTAL], refunds: [REFUND], canceled: false },
      })
    })
  })
})
