import { CARD_PROVIDER, type AcquiringSuite } from "../helpers/acquiring-suite"
import { cartWithSession, expectOrder } from "../helpers/checkout"
import { expectClearAnswer, FAULTS, faultMatrix } from "../helpers/fault-matrix"
import { notificationsProcessed, runReconcileJob } from "../helpers/settlement"
import { customerToken, storeAs } from "../helpers/store-callers"
import { cardBody, CARDS } from "../helpers/test-cards"
import { expectStatus } from "../../dev/store-client/http-client"

/**
 * The money-faults matrix on a charge staff make of a customer's saved card
 * (merchant-initiated): each fault of the service on its authorisation.
 * Staff are answered clearly (never a 5xx), the same request sent again
 * after the notification and the reconcile job never sends a second
 * authorisation, and the acquirer and Medusa agree: one approved charge of
 * 3.00 and one payment of 3.00 where the acquirer acted, none on either
 * side where it did not.
 */
export function merchantChargeFaultCases(suite: AcquiringSuite): void {
  const { sandbox, openShop, backendUrl, container, databaseUrl } = suite
  const { inject, finished, faultedCallDone } = faultMatrix(suite)

  /** The sandbox's approved merchant-initiated charges of 3.00 made since `earlier`. */
  async function approvedCharges(earlier: Set<string>) {
    const answer = await fetch(`${sandbox.url()}/__sandbox/transactions`)
    const { transactions } = (await answer.json()) as {
      transactions: {
        transaction_id: string
        order_type?: string
        state: string
        amount: string
      }[]
    }
    return transactions.filter(
      (t) =>
        !earlier.has(t.transaction_id) &&
        t.order_type === "MIT" &&
        t.state === "authorised" &&
        t.amount === "3.00"
    )
  }

  for (const [i, fault] of FAULTS.entries()) {
    it(`a saved card charged by staff after ${fault.name}: answered clearly, never sent twice, the same on both sides`, async () => {
      const shop = await openShop()
      const email = `mit-fault-${i}@example.test`
      const store = storeAs(
        backendUrl,
        shop.seeded.publishableKey,
        await customerToken(shop, backendUrl, email)
      )
      const customer = { ...shop, store }
      const { cart, session } = await cartWithSession(customer, CARD_PROVIDER, {
        email,
      })
      expectStatus(
        await store.post(
          `/store/acquiring/payment-sessions/${session.id}/card`,
          {
            ...cardBody(CARDS.approved),
            save_card: true,
          }
        ),
        200,
        "pay and keep the card"
      )
      const order = await expectOrder(customer, cart.id)
      const path = `/admin/acquiring/orders/${order.id}/charge-saved-card`
      const body = {
        amount: "3.00",
        reason: "pre-order remainder",
        confirm_over_balance: true,
        request_id: `req-mit-fault-${i}`,
      }
      const transactions = await fetch(
        `${sandbox.url()}/__sandbox/transactions`
      ).then(async (a) => (await a.json()) as { transactions: any[] })
      const earlier = new Set<string>(
        transactions.transactions.map((t) => t.transaction_id)
      )
      const sent = await finished("authorise")

      await inject("authorise", fault)
      expectClearAnswer(await shop.admin.post(path, body), "the faulted charge")
      await faultedCallDone("authorise", sent)
      await sandbox.clearFaults()
      await notificationsProcessed(suite)
      await runReconcileJob(container(), databaseUrl())

      // staff send the same request again: its outcome, nothing sent
      const again = await shop.admin.post(path, body)
      expectClearAnswer(again, "the same charge again")
      expect(again.data.repeated ?? true).toBe(true)
      expect(await finished("authorise")).toBe(sent + 1)

      const charged = await approvedCharges(earlier)
      const payments = (
        expectStatus(
          await shop.admin.get(
            `/admin/orders/${order.id}?fields=id,*payment_collections,*payment_collections.payments`
          ),
          200,
          "order"
        ).order.payment_collections as any[]
      )
        .flatMap((c) => c.payments ?? [])
        .filter((p: any) => p.amount === 3)
      expect({ acquirer: charged.length, medusa: payments.length }).toEqual(
        fault.acted ? { acquirer: 1, medusa: 1 } : { acquirer: 0, medusa: 0 }
      )
      if (fault.acted) {
        expect(again.status).toBe(200)
        expect(again.data).toMatchObject({
          status: "authorized",
          payment_id: payments[0].id,
        })
      }
    })
  }
}
