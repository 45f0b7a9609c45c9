/**
 * The chargeback threshold a figure is judged against. Each provider entry
 * of medusa-config and each account saved in the admin may set its own
 * (`chargeback_threshold_percent`); an account that sets none takes its
 * entries'. Payments of every account together are judged against the
 * strictest (lowest) threshold any of them sets: the first programme a
 * merchant would enter.
 */
import {
  ChargebackThresholdSchema,
  DEFAULT_CHARGEBACK_THRESHOLD_PERCENT,
} from "../admin-contract/option-fields"
import { CONFIG_ACCOUNT } from "../admin-contract/payments-overview"
import type { AccountRecord } from "../accounts/account-record"
import { acquiringEntries } from "../accounts/provider-entries"
import { toDecimal } from "../gateway/index"

type AccountThreshold = Pick<AccountRecord, "id" | "advanced" | "deleted_at">

/** A threshold as written, when it is one (an invalid one is refused at start-up and on save). */
function thresholdIn(raw: unknown): string | undefined {
  if (!raw || typeof raw !== "object") return undefined
  const parsed = ChargebackThresholdSchema.safeParse(
    (raw as Record<string, unknown>).chargeback_threshold_percent
  )
  return parsed.success ? parsed.data : undefined
}

const lowest = (thresholds: (string | undefined)[]) =>
  thresholds
    .filter((threshold): threshold is string => threshold !== undefined)
    .reduce<string | undefined>(
      (low, threshold) =>
        low === undefined || toDecimal(threshold).lt(low) ? threshold : low,
      undefined
    )

/**
 * The threshold for the payments of `account` (an account id, "config" for
 * the payments medusa-config's options made, undefined for every account).
 */
export function chargebackThreshold(
  configModule: unknown,
  accounts: readonly AccountThreshold[],
  account?: string
): string {
  const entries = lowest(
    acquiringEntries(configModule).map((entry) => thresholdIn(entry.options))
  )
  const live = accounts.filter((a) => !a.deleted_at)
  const own =
    account === undefined
      ? lowest([entries, ...live.map((a) => thresholdIn(a.advanced))])
      : account === CONFIG_ACCOUNT
        ? entries
        : (thresholdIn(live.find((a) => a.id === account)?.advanced) ?? entries)
  return own ?? DEFAULT_CHARGEBACK_THRESHOLD_PERCENT
}
