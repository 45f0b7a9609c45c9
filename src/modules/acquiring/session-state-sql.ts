import { keepAttemptOutcomes } from "./attempt-outcome-sql"
import type { Statement } from "./statement"

/**
 * The session state an upsert keeps: the new one, except that a subscription
 * the stored state names by its recurring id survives a new state that
 * names none (written by someone who read the row before it was kept).
 */
export const KEEP_KNOWN_SUBSCRIPTION = `case
    when excluded."data"->'subscription'->>'recurring_id' is null
      and "acquiring_session_state"."data"->'subscription'->>'recurring_id' is not null
    then jsonb_set(excluded."data", '{subscription}', "acquiring_session_state"."data"->'subscription')
    else excluded."data"
  end`

/** The private states of the given sessions (intake rows included). */
export function readStates(ids: string[]): Statement {
  return {
    text: `select "id", "data" from "acquiring_session_state" where "id" in (${ids.map(() => "?").join(", ")}) and "deleted_at" is null`,
    values: ids,
  }
}

/**
 * A session's private state in one statement, whether or not it had one; a
 * subscription the acquirer named survives (KEEP_KNOWN_SUBSCRIPTION), and
 * the attempts' outcome rows move in the same statement, so the overview
 * never disagrees with a state.
 */
const WRITE_STATE = `with "kept" as (insert into "acquiring_session_state" ("id", "data") values (?, ?::jsonb) on conflict ("id") do update set "data" = ${KEEP_KNOWN_SUBSCRIPTION}, "updated_at" = now(), "deleted_at" = null returning "id", "data")
       ${keepAttemptOutcomes(`"kept"`)}`

export function writeState(
  id: string,
  data: Record<string, unknown>
): Statement {
  return { text: WRITE_STATE, values: [id, JSON.stringify(data)] }
}

/** Removes a row and answers what it held: an intake is taken once. */
export function takeState(id: string): Statement {
  return {
    text: `delete from "acquiring_session_state" where "id" = ? returning "data"`,
    values: [id],
  }
}

/** Intakes no session was made from (the request failed after the plugin's middleware), older than a day. */
export const PURGE_STALE_INTAKES: Statement = {
  text: `delete from "acquiring_session_state" where "id" like 'intake:%' and "created_at" < now() - interval '1 day' returning "id"`,
  values: [],
}

/** Work an instance left for later (rows keyed `deferred:`), oldest first. */
export function deferredWork(limit: number): Statement {
  return {
    text: `select "id", "data" from "acquiring_session_state" where "id" like 'deferred:%' and "deleted_at" is null order by "created_at", "id" limit ?`,
    values: [limit],
  }
}

/** Sessions whose payment is marked due for a capture not made yet (capture_due), oldest first. */
export function captureDue(limit: number): Statement {
  return {
    text: `select "id" from "acquiring_session_state" where coalesce("data"->>'capture_due', '') <> '' and "id" not like '%:%' and "deleted_at" is null order by "updated_at", "id" limit ?`,
    values: [limit],
  }
}
