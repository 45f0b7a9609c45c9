import {
  acquiringSuite,
  HOSTED_PROVIDER,
  REOPEN_GUARD_MS,
} from "../helpers/acquiring-suite"
import { hostedMethods } from "../helpers/hosted-methods"
import {
  expectClearAnswer,
  FAULTS,
  faultMatrix,
  shortProviderTimeout,
} from "../helpers/fault-matrix"
import { adminPayment, expectOrder } from "../helpers/checkout"
import { chargebackFaultCases } from "./chargeback-faults.cases"
import { merchantChargeFaultCases } from "./merchant-charge-faults.cases"
import { formsOf, submitForm } from "../../dev/store-client/browser"
import { expectStatus } from "../../dev/store-client/http-client"
import {
  openPaymentSession,
  SHOPPER_DEVICE,
} from "../../dev/store-client/storefront"
import {
  expectMoneyEventually,
  notificationsProcessed,
  runReconcileJob,
} from "../helpers/settlement"
import { budget } from "../setup/time-budget"

jest.setTimeout(budget(120_000))
shortProviderTimeout()

/**
 * The money-faults matrix over the payment methods of the hosted page.
 *
 * A wallet: each fault of the service on the checkout that opens the page
 * on the wallet; the shopper is answered clearly, opens the page again and
 * pays. Whatever the faulted checkout left at the acquirer is voided or
 * never existed: one authorisation of 15.00, one Medusa payment.
 *
 * A bank transfer's arrival seen only by the reconcile job (its
 * notification lost), with each fault of the service on the job's status
 * query: whether the query's retry or the next run gets the answer, the
 * arrival is recorded once, and a notification arriving late afterwards
 * changes nothing. 105.00 on both sides, one capture.
 *
 * A chargeback whose status query meets each fault (chargeback-faults.cases.ts).
 *
 * A saved card charged by staff whose authorisation meets each fault
 * (merchant-charge-faults.cases.ts).
 */
acquiringSuite((suite) => {
  describe("chargeback-faults", () => chargebackFaultCases(suite))
  describe("merchant-charge-faults", () => merchantChargeFaultCases(suite))
  const { sandbox, openShop, container, databaseUrl, backendUrl } = suite
  const { awaitedTransfer } = hostedMethods(suite)
  const transactionIds = async (): Promise<Set<string>> => {
    const answer = await fetch(`${sandbox.url()}/__sandbox/transactions`)
    const { transactions } = (await answer.json()) as {
      transactions: { transaction_id: string }[]
    }
    return new Set(transactions.map((t) => t.transaction_id))
  }

  for (const fault of FAULTS) {
    it(`takes one wallet payment after ${fault.name} on the checkout that opens the page`, async () => {
      const shop = await openShop()
      const cart = await shop.readyCart()
      const { session, answer } = await openPaymentSession(
        shop.store,
        cart.id,
        HOSTED_PROVIDER,
        { device: SHOPPER_DEVICE, payment_method: "WALLET" }
      )
      expectStatus(answer, 200, "wallet session")
      const earlier = await transactionIds()
      const path = `/store/acquiring/payment-sessions/${session.id}/checkout`
      const checkouts = await finished("checkout")
      await inject("checkout", fault)
      expectClearAnswer(await shop.store.get(path), "the faulted checkout")
      await faultedCallDone("checkout", checkouts)

      // the shopper opens the page again, past the moments another tab would have
      await shop.backdateAttempts(session.id, REOPEN_GUARD_MS + 500)
      const again = await shop.store.get(path)
      expectStatus(again, 200, "the page opened again")
      const [form] = formsOf(
        again.text,
        `${backendUrl()}${path}`,
        "checkout-data"
      )
      const walletPage = (await submitForm(form)).visits.at(-1)!
      const [payForm] = formsOf(walletPage.text, walletPage.url)
      const paid = await submitForm(payForm, {}, { followRedirects: false })
      expect(paid.visits[0].status).toBe(303)
      const order = await expectOrder(shop, cart.id)
      const payment = await adminPayment(shop, order.id)
      expect(payment.data).toMatchObject({
        status: "authorized",
        payment_method: "WALLET",
      })

      const made = [...(await transactionIds())].filter(
        (id) => !earlier.has(id)
      )
      const states = await Promise.all(
        made.map(async (id) => (await sandbox.transaction(id)).state)
      )
      // the paid one authorised; what the faulted checkout opened, voided
      expect(states.filter((state) => state === "authorised")).toHaveLength(1)
      expect(
        states.filter((state) => state !== "authorised" && state !== "voided")
      ).toEqual([])
      expect(
        (await sandbox.transaction(String(payment.data.transaction_id))).amount
      ).toBe("15.00")
    })
  }
  const { inject, faultedCallDone, finished, money } = faultMatrix(suite)
  const settled = {
    acquirer: { state: "captured", captured_amount: "105.00", refunds: [] },
    medusa: { captures: [105], refunds: [], canceled: false },
  }

  for (const fault of FAULTS) {
    it(`records an arrived transfer once after ${fault.name} on the job's status query`, async () => {
      const shop = await openShop()
      const { order, tx } = await awaitedTransfer(shop)
      await notificationsProcessed(suite)
      const before = (await sandbox.notifications(tx.transaction_id)).length
      await sandbox.loseNotifications(1)
      await sandbox.receiveTransfer(tx.transaction_id)

      const queries = await finished("retrieval_trans")
      await inject("retrieval_trans", fault)
      await runReconcileJob(container(), databaseUrl())
      await faultedCallDone("retrieval_trans", queries)
      await runReconcileJob(container(), databaseUrl())
      await expectMoneyEventually(
        () => money(shop, order.id, tx.transaction_id),
        settled
      )

      const [arrival] = (await sandbox.notifications(tx.transaction_id)).slice(
        before
      )
      await sandbox.deliverAgain(arrival.id)
      await notificationsProcessed(suite)
      await runReconcileJob(container(), databaseUrl())
      expect(await money(shop, order.id, tx.transaction_id)).toEqual(settled)
    })
  }
})
