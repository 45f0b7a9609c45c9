/**
 * The payments alerts, every hour on a worker: approvals falling, a decline
 * code surging, the chargeback ratio near the schemes' threshold, outcomes
 * left unknown; each told once per cause and hour
 * (src/payments-overview/alerts.ts).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { runPaymentAlerts } from "../payments-overview/alerts"

export default async function paymentAlertsJob(container: MedusaContainer) {
  await runPaymentAlerts(container)
}

export const config = {
  name: "acquiring-payment-alerts",
  // a few minutes past each hour: the hour before has ended
  schedule: "7 * * * *",
}
