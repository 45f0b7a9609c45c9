/**
 * What the daily retention job does (tests call it directly): shopper data
 * kept only as long as needed (docs/security.md, "What is kept, where, and
 * for how long").
 *
 * - A payment's state (`acquiring_session_state`) not written for
 *   `shopper_data_days` loses the shopper's data (cart snapshot, client,
 *   device) and gets `anonymised_at`; the money record (attempts, order
 *   numbers, transaction id, amounts, status, account, refunds) stays.
 *   Never while the payment may still need it (the conditions:
 *   modules/acquiring/retention-sql.ts).
 * - History entries (`acquiring_payment_event`) older than `history_days`
 *   are deleted, except those of a payment with an OPEN chargeback; so are
 *   the counters of refused notifications (`acquiring_notification_refusal`)
 *   whose hour is older than `history_days`.
 * - Chargebacks (finance records) and the operations journal (the money
 *   record; it holds no shopper data) are kept.
 *
 * Bounded per run: batches of BATCH rows, at most MAX_BATCHES of each kind;
 * what is left waits for the next run. Each batch is one statement, so two
 * workers at once take different rows and never undo each other.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { accountSource } from "../accounts/account-source"
import { acquiringModule } from "../modules/acquiring/module-access"
import { loggerOf } from "../order-payments/payment-store"
import { retentionPolicy, type RetentionPolicy } from "./retention-policy"

export const BATCH = 500
export const MAX_BATCHES = 20

export interface RetentionOptions {
  /** the periods; default: the longest any provider entry or account sets */
  policy?: RetentionPolicy
  batch_size?: number
  max_batches?: number
}

export interface RetentionOutcome {
  policy: RetentionPolicy
  /** payment states whose shopper data was removed */
  anonymised: number
  /** history entries deleted */
  history_deleted: number
  /** counters of refused notifications deleted */
  refusals_deleted: number
  /** a bound was reached: the rest waits for the next run */
  more_left: boolean
}

/** Runs `step` until a batch comes back short or `max` batches ran. */
async function inBatches(
  step: (limit: number) => Promise<number>,
  size: number,
  max: number
): Promise<{ count: number; more: boolean }> {
  let count = 0
  for (let batch = 0; batch < max; batch++) {
    const done = await step(size)
    count += done
    if (done < size) return { count, more: false }
  }
  return { count, more: true }
}

export async function runRetention(
  container: MedusaContainer,
  options: RetentionOptions = {}
): Promise<RetentionOutcome> {
  const policy =
    options.policy ??
    retentionPolicy(
      container.resolve("configModule"),
      await accountSource().accounts()
    )
  const size = options.batch_size ?? BATCH
  const max = options.max_batches ?? MAX_BATCHES
  const module = acquiringModule()
  const shopper = await inBatches(
    (limit) =>
      module.anonymiseExpiredShopperData(policy.shopper_data_days, limit),
    size,
    max
  )
  const history = await inBatches(
    (limit) => module.deleteExpiredPaymentEvents(policy.history_days, limit),
    size,
    max
  )
  const refusals = await inBatches(
    (limit) => module.deleteExpiredRefusals(policy.history_days, limit),
    size,
    max
  )
  const outcome: RetentionOutcome = {
    policy,
    anonymised: shopper.count,
    history_deleted: history.count,
    refusals_deleted: refusals.count,
    more_left: shopper.more || history.more || refusals.more,
  }
  loggerOf(container).info(retentionLine(outcome))
  return outcome
}

/** The run's one log line. */
export function retentionLine(outcome: RetentionOutcome): string {
  const { policy } = outcome
  return `[acquiring] retention: shopper data removed from ${outcome.anonymised} payment state(s) not written for ${policy.shopper_data_days} days, ${outcome.history_deleted} history entr${outcome.history_deleted === 1 ? "y" : "ies"} and ${outcome.refusals_deleted} count${outcome.refusals_deleted === 1 ? "" : "s"} of refused notifications older than ${policy.history_days} days deleted${outcome.more_left ? "; more left for the next run" : ""}`
}
