/**
 * The alerts' rules, as pure decisions over the readings of one hour: each
 * answers the alerts it raises, with a cause (one alert per cause and hour)
 * and what to check.
 */
import { toDecimal } from "../gateway/index"
import { meaningOf } from "./decline-meaning"

export interface Alert {
  cause: string
  title: string
  description: string
}

/** An hour with fewer outcomes, or a week with fewer, says nothing about a rate. */
export const MIN_HOUR_OUTCOMES = 20
export const MIN_WEEK_OUTCOMES = 100
/** How far under its week the hour's approval rate may fall, in percentage points. */
export const APPROVAL_DROP_POINTS = 20
/** A code surges when the hour has this many of it, and this many times its hourly average over the week. */
export const SURGE_MIN_DECLINES = 10
export const SURGE_FACTOR = 3
/** The chargeback ratio is near its threshold from this share of it. */
export const NEAR_THRESHOLD_SHARE = "0.8"
/** An outcome still unknown after this long means the acquirer is not being reached or not answering. */
export const UNSETTLED_AFTER_MINUTES = 30

/** An hour without a verified notification is suspect once this many were refused, or this many payments were settled by the status query instead. */
export const MISSING_NOTIFICATIONS_REFUSED = 5
export const MISSING_NOTIFICATIONS_RECONCILED = 3

const HOURS_IN_WEEK = 7 * 24

/** Approvals fell: the hour's rate under the week's by APPROVAL_DROP_POINTS or more. */
export function approvalAlert(counts: {
  hour_approved: number
  hour_declined: number
  week_approved: number
  week_declined: number
}): Alert | undefined {
  const hour = counts.hour_approved + counts.hour_declined
  const week = counts.week_approved + counts.week_declined
  if (hour < MIN_HOUR_OUTCOMES || week < MIN_WEEK_OUTCOMES) return undefined
  // in whole numbers: hour_rate < week_rate - drop, both sides times hour × week × 100
  const hourRate = counts.hour_approved * week * 100
  const weekRate =
    counts.week_approved * hour * 100 - APPROVAL_DROP_POINTS * hour * week
  if (hourRate >= weekRate) return undefined
  const percent = (part: number, whole: number) =>
    toDecimal(part).times(100).div(whole).toFixed(1)
  return {
    cause: "approval_rate_low",
    title: "Card approvals fell",
    description: `${percent(counts.hour_approved, hour)} % of the last hour's ${hour} payments were approved, against ${percent(counts.week_approved, week)} % over the week before. Check Payments overview → Declines by reason, the acquirer's status page, and whether a change to the checkout or the account's 3-D Secure rules went live.`,
  }
}

/** A decline code surging: card testing, or an issuer or the acquirer refusing everything. */
export function surgeAlerts(
  declines: { code: string; hour: number; week: number }[]
): Alert[] {
  return declines.flatMap((d) => {
    // hour >= factor × week / hours, in whole numbers
    if (
      d.hour < SURGE_MIN_DECLINES ||
      d.hour * HOURS_IN_WEEK < SURGE_FACTOR * d.week
    )
      return []
    const meaning = meaningOf(d.code)
    return [
      {
        cause: `decline_surge:${d.code || "none"}`,
        title: `Declines surging: ${meaning}`,
        description: `${d.hour} payments were declined in the last hour with ${d.code || "no code"} (${meaning}), against ${d.week} in the week before. Many small declines from few shoppers are card testing: check the velocity limits and the CAPTCHA in Settings → Acquiring; a code the acquirer sends for everything means asking the acquirer.`,
      },
    ]
  })
}

/** This month's chargeback ratio at or near the schemes' threshold. */
export function chargebackAlert(
  month:
    | {
        ratio_percent: string | null
        opened: number
        captured_payments: number
      }
    | undefined,
  thresholdPercent: string
): Alert | undefined {
  if (!month?.ratio_percent) return undefined
  const ratio = toDecimal(month.ratio_percent)
  const near = toDecimal(thresholdPercent).times(NEAR_THRESHOLD_SHARE)
  if (ratio.lt(near)) return undefined
  const reached = ratio.gte(thresholdPercent)
  return {
    cause: "chargeback_ratio",
    title: reached
      ? "Chargeback ratio at the schemes' threshold"
      : "Chargeback ratio nearing the schemes' threshold",
    description: `${month.opened} chargebacks this month over ${month.captured_payments} captured payments: ${month.ratio_percent} %, against the card schemes' ${thresholdPercent} %. Answer open chargebacks in the acquirer's portal by their respond-by day (Chargebacks page), and look at the disputed orders for a pattern.`,
  }
}

/** Outcomes the acquirer has not confirmed for longer than UNSETTLED_AFTER_MINUTES. */
export function unsettledAlert(unsettled: {
  count: number
  oldest: Date | null
}): Alert | undefined {
  if (!unsettled.count || !unsettled.oldest) return undefined
  return {
    cause: "unsettled",
    title: "Payments waiting on an unknown outcome",
    description: `${unsettled.count} payment attempts have had no confirmed outcome for over ${UNSETTLED_AFTER_MINUTES} minutes (the oldest began ${unsettled.oldest.toISOString()}). Check that the worker runs the reconcile-acquiring job, that the acquirer answers (Settings → Acquiring → Test connection), and the notify URL registered with the acquirer.`,
  }
}

/**
 * Notifications not arriving: none verified in the hour while the acquirer
 * was paid (the reconcile job's status query settled payments instead) or
 * notifications came and were refused (a sign key that no longer matches,
 * or someone forging them).
 */
export function notificationsAlert(hour: {
  verified: number
  refused: number
  reconciled: number
}): Alert | undefined {
  if (hour.verified) return undefined
  if (
    hour.refused < MISSING_NOTIFICATIONS_REFUSED &&
    hour.reconciled < MISSING_NOTIFICATIONS_RECONCILED
  )
    return undefined
  return {
    cause: "notifications_missing",
    title: "Notifications from the acquirer are not arriving",
    description: `No notification was verified in the last hour, while ${hour.reconciled} payments were settled by the reconcile job's status query instead and ${hour.refused} notifications were refused. Orders wait until the job runs. Check that the acquirer can reach the notify URL (the backend URL in Settings → Acquiring, through any proxy or firewall), that the sign key matches the acquirer's (refusals for a bad signature show in Payment history; refusals with no payment behind them may be someone posting forged ones, which change nothing), and the acquirer's status page.`,
  }
}
