/**
 * What the payments overview page shows of the server's answer: the period
 * asked, every day of it (the days before the plugin recorded anything
 * told apart from quiet ones), counts of all currencies together (a count
 * is not an amount), and rates in words.
 */
export type {
  OverviewDay,
  OverviewFigure,
  PaymentsOverviewAnswer,
} from "../../admin-contract/payments-overview"
import type {
  OverviewDay,
  PaymentsOverviewAnswer,
} from "../../admin-contract/payments-overview"

export interface OverviewPeriod {
  from: string
  to: string
  /** an account id, "config", or "" for every account */
  account: string
}

const DAY_MS = 86_400_000
const dayText = (date: Date) => date.toISOString().slice(0, 10)

/** The last `days` days up to `today` (UTC), today included. */
export function lastDays(
  days: number,
  today: Date = new Date()
): OverviewPeriod {
  return {
    from: dayText(new Date(today.getTime() - (days - 1) * DAY_MS)),
    to: dayText(today),
    account: "",
  }
}

export function overviewQuery(period: OverviewPeriod): Record<string, string> {
  return {
    from: period.from,
    to: period.to,
    ...(period.account ? { account: period.account } : {}),
  }
}

/** The counts of one day, every currency together; null figures: the plugin had not begun recording. */
export interface ChartDay {
  day: string
  recorded: boolean
  attempts: number
  approved: number
  declined: number
  waiting: number
  three_ds_asked: number
  three_ds_passed: number
  three_ds_failed: number
  three_ds_abandoned: number
  hosted_opened: number
  hosted_paid: number
  hosted_abandoned: number
}

const ZERO = {
  attempts: 0,
  approved: 0,
  declined: 0,
  waiting: 0,
  three_ds_asked: 0,
  three_ds_passed: 0,
  three_ds_failed: 0,
  three_ds_abandoned: 0,
  hosted_opened: 0,
  hosted_paid: 0,
  hosted_abandoned: 0,
}

function add(day: ChartDay, row: OverviewDay): ChartDay {
  return {
    ...day,
    attempts: day.attempts + row.attempts,
    approved: day.approved + row.approved,
    declined: day.declined + row.declined,
    waiting: day.waiting + row.waiting + row.awaiting_transfer,
    three_ds_asked: day.three_ds_asked + row.three_d_secure.asked,
    three_ds_passed: day.three_ds_passed + row.three_d_secure.passed,
    three_ds_failed: day.three_ds_failed + row.three_d_secure.failed,
    three_ds_abandoned: day.three_ds_abandoned + row.three_d_secure.abandoned,
    hosted_opened: day.hosted_opened + row.hosted_page.opened,
    hosted_paid: day.hosted_paid + row.hosted_page.paid,
    hosted_abandoned: day.hosted_abandoned + row.hosted_page.abandoned,
  }
}

/** Every day of the answer's period, oldest first. */
export function chartDays(answer: PaymentsOverviewAnswer): ChartDay[] {
  const since = answer.recorded_since?.slice(0, 10)
  const days: ChartDay[] = []
  for (
    let at = Date.parse(`${answer.from}T00:00:00Z`);
    at <= Date.parse(`${answer.to}T00:00:00Z`);
    at += DAY_MS
  ) {
    const day = dayText(new Date(at))
    days.push({ day, recorded: !!since && day >= since, ...ZERO })
  }
  const index = new Map(days.map((d, i) => [d.day, i]))
  for (const row of answer.days) {
    const i = index.get(row.day)
    if (i !== undefined) days[i] = add(days[i], row)
  }
  return days
}

/** The period's counts, every day together. */
export function periodTotals(days: ChartDay[]): ChartDay {
  const total: ChartDay = {
    day: "",
    recorded: days.some((d) => d.recorded),
    ...ZERO,
  }
  for (const d of days)
    for (const key of Object.keys(ZERO) as (keyof typeof ZERO)[])
      total[key] += d[key]
  return total
}

/** `part` of `whole` as a percentage with one decimal ("66.7 %"), or a dash when there is no whole. */
export function rateText(part: number, whole: number): string {
  if (!whole) return "—"
  // tenths of a percent, rounded half up, in whole numbers: no float in what is shown
  const tenths = Math.floor((part * 1000 * 2 + whole) / (2 * whole))
  return `${Math.floor(tenths / 10)}.${tenths % 10} %`
}

/** Seconds as the server gives them ("12.3", "3725.0"), as read: "12.3 s", "62 min 5 s", "3 h 2 min". */
export function durationText(seconds: string): string {
  const [whole, tenths = "0"] = seconds.split(".")
  const total = Number(whole)
  if (total < 60) return `${total}.${tenths.slice(0, 1)} s`
  const minutes = Math.floor(total / 60)
  if (minutes < 60) return `${minutes} min ${total % 60} s`
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}

/** The approval rate: approved over the attempts that have an outcome. */
export function approvalRate(day: Pick<ChartDay, "approved" | "declined">) {
  return rateText(day.approved, day.approved + day.declined)
}

/** The days the plugin had not begun recording, as a sentence; nothing when it had. */
export function unrecordedText(
  answer: PaymentsOverviewAnswer
): string | undefined {
  const since = answer.recorded_since?.slice(0, 10)
  if (!since)
    return "Nothing recorded yet: the figures begin with the first payment the plugin handles."
  if (since > answer.from)
    return `The plugin began recording on ${since}: the days before it have no figures (not zero ones).`
  return undefined
}

/**
 * The file the browser saves an export as: the server's name, or the same
 * name made here when the browser does not pass the header on (a dashboard
 * on another origin than the backend).
 */
export function overviewExportName(
  disposition: string | null,
  figure: string,
  period: Pick<OverviewPeriod, "from" | "to">
) {
  const named = /filename="?([^";]+)"?/i.exec(disposition ?? "")
  return named?.[1] ?? `payments-${figure}-${period.from}-to-${period.to}.csv`
}
