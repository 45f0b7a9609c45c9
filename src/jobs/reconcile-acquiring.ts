/**
 * Safety net for everything a lost answer or notification leaves open:
 * sessions with unconfirmed attempts, sessions authorised but never turned
 * into orders, voids an order cancellation still waits for, captures,
 * voids and refunds made at the acquirer that Medusa lacks, and what an
 * instance deferred for its configuration fault. Oldest first,
 * bounded per run; what is left waits for the next run. Older captured
 * payments are asked about chargebacks, a slice per run. Shopper data
 * gathered for a session that was never created is deleted after a day.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { acquiringModule } from "../modules/acquiring/module-access"
import { reconcileAcquiring } from "../reconciliation/run"
import { watchChargebacks } from "../reconciliation/chargeback-watch"
import { catchUpDeferredWork } from "../reconciliation/catch-up"

export default async function reconcileAcquiringJob(
  container: MedusaContainer
) {
  // deferred work first: it does not wait for the sessions' quiet minutes
  await catchUpDeferredWork(container, "reconcile job")
  await reconcileAcquiring(container)
  await watchChargebacks(container)
  await acquiringModule().purgeStaleIntakes()
}

export const config = {
  name: "reconcile-acquiring",
  schedule: "*/15 * * * *",
}
