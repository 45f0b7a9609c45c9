/**
 * The payments alerts, run hourly by the payment-alerts job on a worker:
 * the rules (alert-rules.ts) over the last full hour, each alert raised at
 * most once per cause and hour across instances (acquiring_alert), told in
 * the admin's feed through Medusa's notification module and in the log.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { acquiringModule } from "../modules/acquiring/module-access"
import { loggerOf } from "../order-payments/payment-store"
import {
  approvalAlert,
  chargebackAlert,
  notificationsAlert,
  surgeAlerts,
  UNSETTLED_AFTER_MINUTES,
  unsettledAlert,
  type Alert,
} from "./alert-rules"
import { accountSource } from "../accounts/account-source"
import { chargebackThreshold } from "./chargeback-threshold"
import { chargebackRatio, count } from "./overview"

const HOUR_MS = 3_600_000

/**
 * The alerts of the hour before `now`'s (its start truncated to the hour);
 * the month's chargeback ratio is judged against the lowest threshold any
 * account or provider entry sets.
 */
export async function alertsOfHour(
  now: Date,
  thresholdPercent: string
): Promise<{
  hour: Date
  alerts: Alert[]
}> {
  const to = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS)
  const from = new Date(to.getTime() - HOUR_MS)
  const read = await acquiringModule().alertReadings({
    from,
    to,
    unsettledBefore: new Date(now.getTime() - UNSETTLED_AFTER_MINUTES * 60_000),
    monthStart: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
  })
  const opened = count(read.month?.opened)
  const captured = count(read.month?.captured_payments)
  const alerts = [
    approvalAlert({
      hour_approved: count(read.approvals.hour_approved),
      hour_declined: count(read.approvals.hour_declined),
      week_approved: count(read.approvals.week_approved),
      week_declined: count(read.approvals.week_declined),
    }),
    ...surgeAlerts(
      read.declines.map((d) => ({
        code: d.code,
        hour: count(d.hour),
        week: count(d.week),
      }))
    ),
    chargebackAlert(
      {
        opened,
        captured_payments: captured,
        ratio_percent: chargebackRatio(opened, captured, thresholdPercent)
          .ratio_percent,
      },
      thresholdPercent
    ),
    notificationsAlert({
      verified: count(read.notifications.verified),
      refused: count(read.notifications.refused),
      reconciled: count(read.notifications.reconciled),
    }),
    unsettledAlert({
      count: count(read.unsettled.count),
      oldest: read.unsettled.oldest ? new Date(read.unsettled.oldest) : null,
    }),
  ].filter((alert): alert is Alert => !!alert)
  return { hour: from, alerts }
}

/** Raises the hour's alerts not raised yet; answers the causes it told. */
export async function runPaymentAlerts(
  container: MedusaContainer,
  now: Date = new Date()
): Promise<string[]> {
  const { hour, alerts } = await alertsOfHour(
    now,
    chargebackThreshold(
      container.resolve("configModule"),
      await accountSource().accounts()
    )
  )
  const told: string[] = []
  for (const alert of alerts) {
    const raised = await acquiringModule().raiseAcquiringAlert(
      alert.cause,
      hour,
      `${alert.title}: ${alert.description}`
    )
    if (!raised) continue
    loggerOf(container).warn(
      `[acquiring] alert ${alert.cause}: ${alert.title}. ${alert.description}`
    )
    await container.resolve(Modules.NOTIFICATION).createNotifications({
      to: "",
      channel: "feed",
      template: "admin-ui",
      data: { title: alert.title, description: alert.description },
    })
    told.push(alert.cause)
  }
  return told
}
