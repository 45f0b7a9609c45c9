/**
 * The retention periods the daily job applies. Each provider entry of
 * medusa-config and each account saved in the admin may set its own
 * `retention`, but shopper data and history are kept store-wide (one table
 * for every account), so the job takes the longest period any of them sets:
 * nothing is removed earlier than one of them says. An entry that sets none
 * counts with the defaults; an account that sets none takes its entries'
 * values, which are counted already; a deleted account no longer counts.
 */
import {
  DEFAULT_RETENTION,
  OPTION_FIELDS,
} from "../admin-contract/option-fields"
import { acquiringEntries } from "../accounts/provider-entries"
import type { AccountRecord } from "../accounts/account-record"

export interface RetentionPolicy {
  shopper_data_days: number
  history_days: number
}

type AccountRetention = Pick<AccountRecord, "advanced" | "deleted_at">

/** A `retention` value as written; an invalid one (refused at start-up and on save) counts as the defaults. */
function periodsOf(raw: unknown): RetentionPolicy {
  const parsed = OPTION_FIELDS.retention.safeParse(raw)
  return parsed.success ? parsed.data : { ...DEFAULT_RETENTION }
}

function retentionIn(raw: unknown): unknown {
  return raw && typeof raw === "object"
    ? (raw as Record<string, unknown>).retention
    : undefined
}

/**
 * The periods an account sets itself: one it leaves out is its entries'
 * (an account's retention lies over medusa-config's period by period),
 * counted already. An invalid value counts as the defaults.
 */
function givenPeriodsOf(raw: unknown): Partial<RetentionPolicy> {
  if (!raw || typeof raw !== "object") return {}
  const parsed = OPTION_FIELDS.retention.safeParse(raw)
  if (!parsed.success) return { ...DEFAULT_RETENTION }
  return Object.fromEntries(
    PERIODS.filter((period) => period in raw).map((period) => [
      period,
      parsed.data[period],
    ])
  )
}

const PERIODS = Object.keys(DEFAULT_RETENTION) as (keyof RetentionPolicy)[]

/** The longest periods among the entries' options and the live accounts' own values. */
export function longestRetention(
  entryOptions: readonly unknown[],
  accounts: readonly AccountRetention[]
): RetentionPolicy {
  const set: Partial<RetentionPolicy>[] = [
    ...entryOptions.map((options) => periodsOf(retentionIn(options))),
    ...accounts
      .filter((account) => !account.deleted_at)
      .map((account) => givenPeriodsOf(retentionIn(account.advanced))),
  ]
  const longest = (period: keyof RetentionPolicy) => {
    const days = set.flatMap((periods) =>
      periods[period] === undefined ? [] : [periods[period]]
    )
    return days.length ? Math.max(...days) : DEFAULT_RETENTION[period]
  }
  return {
    shopper_data_days: longest("shopper_data_days"),
    history_days: longest("history_days"),
  }
}

/** The policy in force: every acquiring entry of medusa-config and every account in the admin. */
export function retentionPolicy(
  configModule: unknown,
  accounts: readonly AccountRetention[]
): RetentionPolicy {
  return longestRetention(
    acquiringEntries(configModule).map((entry) => entry.options),
    accounts
  )
}
