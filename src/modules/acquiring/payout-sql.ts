/** The payouts' hand-written statements. */
import type { Statement } from "./statement"
import { PAYOUT_COLUMNS, type PayoutTransitionFields } from "./writable-columns"

/** One more request sent for a payout (always with its own request_id). */
export function countPayoutTry(id: string): Statement {
  return {
    text: `update "acquiring_payout" set "tries" = "tries" + 1, "updated_at" = now() where "id" = ?`,
    values: [id],
  }
}

/**
 * A payout's new status and answer fields, written only if its status is
 * still one of `from`, so a notification, the job and a refresh racing
 * each other never move a settled payout back: its id comes back when this
 * statement moved it.
 */
export function transitionPayout(
  id: string,
  from: readonly string[],
  fields: PayoutTransitionFields
): Statement {
  const entries = Object.entries(fields).filter(
    ([column, value]) => PAYOUT_COLUMNS.has(column) && value !== undefined
  )
  const final = fields.status === "COMPLETED" || fields.status === "FAILED"
  const sets = [
    ...entries.map(([column]) => `"${column}" = ?`),
    ...(final ? [`"settled_at" = now()`] : []),
    `"updated_at" = now()`,
  ]
  return {
    text: `update "acquiring_payout" set ${sets.join(", ")} where "id" = ? and "status" in (${from.map(() => "?").join(", ")}) and "deleted_at" is null returning "id"`,
    values: [...entries.map(([, value]) => value), id, ...from],
  }
}
