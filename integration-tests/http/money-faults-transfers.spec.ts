import { acquiringSuite } from "../helpers/acquiring-suite"
import { hostedMethods } from "../helpers/hosted-methods"
import {
  FAULTS,
  faultMatrix,
  shortProviderTimeout,
} from "../helpers/fault-matrix"
import {
  expectMoneyEventually,
  notificationsProcessed,
  runReconcileJob,
} from "../helpers/settlement"

jest.setTimeout(120_000)
shortProviderTimeout()

/**
 * A bank transfer's arrival seen only by the reconcile job (its
 * notification lost), with each fault of the service on the job's status
 * query: whether the query's retry or the next run gets the answer, the
 * arrival is recorded once, and a notification arriving late afterwards
 * changes nothing. 105.00 on both sides, one capture.
 */
acquiringSuite((suite) => {
  const { sandbox, openShop, container, databaseUrl } = suite
  const { awaitedTransfer } = hostedMethods(suite)
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
