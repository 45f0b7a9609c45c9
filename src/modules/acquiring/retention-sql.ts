/**
 * The retention job's two statements, each one UPDATE or DELETE whose WHERE
 * holds every exclusion, so the check and the change are one step: two
 * workers running at once take disjoint rows (FOR UPDATE SKIP LOCKED), and a
 * row written meanwhile is judged again on its new version (PostgreSQL
 * re-evaluates the conditions on a row that changed before it was locked).
 *
 * Shopper data of a payment's state (`acquiring_session_state`) is removed
 * (`data - array[…]`) when its row was last written more than the given
 * number of days ago, unless the payment may still need it: an attempt whose
 * outcome is open, a status that still holds money (`authorized`,
 * `pending_authorization`), a capture or void the job still retries, a
 * journal operation of one of its order numbers that is unsettled, or an
 * OPEN chargeback. History entries (`acquiring_payment_event`) older than
 * their period are deleted unless they concern a payment with an OPEN
 * chargeback. Chargebacks and the operations journal are never removed.
 *
 * The lists name fields, attempt states and statuses of a payment's state
 * (payment-sessions/session-data.ts); src/retention/retention.ts checks them
 * against that schema's types.
 */
import type { Statement } from "./statement"
/** The shopper's data in a payment's state: the cart snapshot (e-mail, phone, names, addresses, items), the request's IP, user agent and language, the device data. */
export const SHOPPER_FIELDS = ["cart", "client", "device"] as const

/** Attempts whose outcome is not final: the status query or the shopper may still move them. */
export const OPEN_ATTEMPT_STATES = [
  "sent",
  "unknown",
  "pending",
  "requires_more",
  "awaiting_transfer",
] as const

/** Statuses under which money is held or awaited: a lapse or a transfer still needs the payment's state. */
export const OPEN_STATUSES = ["authorized", "pending_authorization"] as const

/** Journal states whose outcome is unknown. */
export const OPEN_OPERATION_STATES = ["sent", "unknown"] as const

/** Constants only, never input: checked so the SQL below stays what it says. */
function list(values: readonly string[]): string {
  for (const value of values)
    if (!/^[a-z_]+$/.test(value)) throw new Error(`not a plain word: ${value}`)
  return values.map((value) => `'${value}'`).join(", ")
}

/** A state's attempts as rows `a(attempt)` (none when the ledger is missing or not a list). */
function attemptsOf(row: string): string {
  return `jsonb_array_elements(case when jsonb_typeof(${row}."data"->'attempts') = 'array' then ${row}."data"->'attempts' else '[]'::jsonb end) as a(attempt)`
}

/** The order numbers of a state: its attempts' and its own. */
function orderNos(row: string): string {
  return `(select a.attempt->>'order_no' from ${attemptsOf(row)} union select ${row}."data"->>'order_no')`
}

/** Whether a state (`row`) may lose its shopper data now; one parameter, the days. */
function expiredAndSettled(row: string): string {
  return [
    `${row}."deleted_at" is null`,
    `${row}."id" not like 'intake:%'`,
    `${row}."updated_at" < now() - make_interval(days => ?::int)`,
    `(${SHOPPER_FIELDS.map((field) => `${row}."data"->'${field}' is not null`).join(" or ")})`,
    `coalesce(${row}."data"->>'status', '') not in (${list(OPEN_STATUSES)})`,
    `${row}."data"->'capture_due' is null`,
    `coalesce(${row}."data"->>'void_pending', '') <> 'true'`,
    `not exists (select 1 from ${attemptsOf(row)} where a.attempt->>'state' in (${list(OPEN_ATTEMPT_STATES)}))`,
    `not exists (select 1 from "acquiring_operation" o where o."state" in (${list(OPEN_OPERATION_STATES)}) and o."deleted_at" is null and (o."session_id" = ${row}."id" or o."order_no" in ${orderNos(row)}))`,
    `not exists (select 1 from "acquiring_chargeback" cb where cb."status" = 'OPEN' and cb."deleted_at" is null and (cb."session_id" = ${row}."id" or cb."order_no" in ${orderNos(row)}))`,
  ].join("\n  and ")
}

const ANONYMISE_SHOPPER_DATA = `update "acquiring_session_state" as s
set "data" = (s."data" - array[${list(SHOPPER_FIELDS)}]::text[])
    || jsonb_build_object('anonymised_at', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
  "updated_at" = now()
where s."id" in (
  select c."id" from "acquiring_session_state" as c
  where ${expiredAndSettled("c")}
  order by c."updated_at"
  limit ?
  for update skip locked
)
  and ${expiredAndSettled("s")}
returning s."id"`

/**
 * Removes the shopper fields of at most `limit` states last written more
 * than `days` days ago and sets `anonymised_at` (the database's clock, ISO
 * UTC); the money record stays.
 */
export function anonymiseShopperData(days: number, limit: number): Statement {
  return { text: ANONYMISE_SHOPPER_DATA, values: [days, limit, days] }
}

/** An OPEN chargeback of the payment, session, order number or transaction an entry (`row`) concerns. */
function disputed(row: string): string {
  return `exists (select 1 from "acquiring_chargeback" cb where cb."status" = 'OPEN' and cb."deleted_at" is null and (cb."payment_id" = ${row}."payment_id" or cb."session_id" = ${row}."session_id" or cb."order_no" = ${row}."order_no" or cb."transaction_id" = ${row}."transaction_id"))`
}

const DELETE_OLD_HISTORY = `delete from "acquiring_payment_event" as e
where e."id" in (
  select x."id" from "acquiring_payment_event" as x
  where x."created_at" < now() - make_interval(days => ?::int)
    and not ${disputed("x")}
  order by x."created_at"
  limit ?
  for update skip locked
)
returning e."id"`

/** At most `limit` history entries older than `days` days, none of a disputed payment. */
export function deleteOldHistory(days: number, limit: number): Statement {
  return { text: DELETE_OLD_HISTORY, values: [days, limit] }
}

const DELETE_OLD_REFUSALS = `delete from "acquiring_notification_refusal" as r
where r."id" in (
  select x."id" from "acquiring_notification_refusal" as x
  where x."hour" < now() - make_interval(days => ?::int)
  order by x."hour"
  limit ?
  for update skip locked
)
returning r."id"`

/** At most `limit` counters of refused notifications older than `days` days: they are kept as long as the history. */
export function deleteOldRefusals(days: number, limit: number): Statement {
  return { text: DELETE_OLD_REFUSALS, values: [days, limit] }
}
