import type { Statement } from "./statement"

/**
 * The attempt rows of a session's state, as the outcome table keeps them:
 * one per entry of the attempt ledger. `source` names a relation with the
 * columns "id" and "data" (the state just written, or every stored state for
 * the backfill); rows of intakes and deferred work (ids with a colon) have
 * no attempts to keep; an entry that does not read as an attempt is left
 * out rather than failing the write of the payment's own state.
 *
 * A declined attempt keeps its code: the state's result when it is the
 * latest attempt (a decline learnt after the request, 3-D Secure failed or
 * a hosted page refused, is known only there), else its journal entry's
 * answer, settled before the state is written. The overview then reads
 * codes without going back to the journal.
 */
export function attemptRowsOf(source: string): string {
  return `select t.a->>'order_no', s."id", t.a->>'kind', t.a->>'state',
      s."data"->'account'->>'id', s."data"->'account'->>'mode',
      upper(coalesce(s."data"->>'currency', s."data"->'cart'->>'currency_code')), s."data"->>'amount',
      case when t.a->>'kind' = 'authorise' then 'CARD'
        when t.n = jsonb_array_length(s."data"->'attempts') then s."data"->>'payment_method' end,
      coalesce(t.a->'three_d_secure'->'asked' = 'true'::jsonb, false),
      (t.a->>'at')::timestamptz,
      case when t.a->>'state' = 'declined' then coalesce(
        case when t.n = jsonb_array_length(s."data"->'attempts') then s."data"->'result'->>'code' end,
        (select op."result_code" from "acquiring_operation" op
          where op."order_no" = t.a->>'order_no' and op."kind" = t.a->>'kind' and op."deleted_at" is null
            and op."result_code" is not null and op."result_code" <> '0000'
          order by op."created_at" desc limit 1)) end
    from ${source} as s
    cross join lateral jsonb_array_elements(
      case when jsonb_typeof(s."data"->'attempts') = 'array' then s."data"->'attempts' else '[]'::jsonb end
    ) with ordinality as t(a, n)
    where s."id" not like '%:%' and t.a->>'order_no' is not null
      and t.a->>'kind' in ('authorise', 'checkout') and t.a->>'state' is not null
      and t.a->>'at' ~ '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+){0,1}(Z|[+-]\\d{2}:\\d{2})$'`
}

const COLUMNS = `"id", "session_id", "kind", "state", "account_id", "mode", "currency", "amount", "payment_method", "three_d_secure_asked", "started_at", "result_code"`

/** The states in which an attempt was approved: it holds, took or awaits the shopper's money. */
const APPROVED_STATES = `('authorized', 'captured', 'awaiting_transfer')`

/**
 * Inserts new attempts and moves known ones to their state now; a row that
 * would not change is not written. `approvedNow` stamps an attempt seen
 * approved for the first time with the moment (the payment-to-order lag
 * runs from it); a backfill of older states leaves it unknown.
 */
export function keepAttemptOutcomes(
  source: string,
  { approvedNow = true }: { approvedNow?: boolean } = {}
): string {
  const approvedAt = approvedNow
    ? `case when r."state" in ${APPROVED_STATES} then now() end`
    : "null::timestamptz"
  return `insert into "acquiring_attempt_outcome" (${COLUMNS}, "approved_at")
    select r.*, ${approvedAt} from (${attemptRowsOf(source)}) as r(${COLUMNS})
    on conflict ("id") do update set
      "state" = excluded."state",
      "currency" = excluded."currency",
      "amount" = excluded."amount",
      "payment_method" = coalesce(excluded."payment_method", "acquiring_attempt_outcome"."payment_method"),
      "three_d_secure_asked" = excluded."three_d_secure_asked",
      "result_code" = coalesce(excluded."result_code", "acquiring_attempt_outcome"."result_code"),
      "approved_at" = coalesce("acquiring_attempt_outcome"."approved_at", excluded."approved_at"),
      "updated_at" = now()
    where ("acquiring_attempt_outcome"."state", "acquiring_attempt_outcome"."currency", "acquiring_attempt_outcome"."amount",
        "acquiring_attempt_outcome"."payment_method", "acquiring_attempt_outcome"."three_d_secure_asked",
        "acquiring_attempt_outcome"."result_code")
      is distinct from (excluded."state", excluded."currency", excluded."amount",
        coalesce(excluded."payment_method", "acquiring_attempt_outcome"."payment_method"), excluded."three_d_secure_asked",
        coalesce(excluded."result_code", "acquiring_attempt_outcome"."result_code"))`
}

/** Stamps the approved attempts of these payment sessions with an order's time, once. */
export function markOrdered(sessionIds: string[], at: Date): Statement {
  return {
    text: `update "acquiring_attempt_outcome" set "ordered_at" = ?, "updated_at" = now()
    where "deleted_at" is null and "session_id" in (${sessionIds.map(() => "?").join(", ")})
      and "ordered_at" is null and "state" in ${APPROVED_STATES}`,
    values: [at, ...sessionIds],
  }
}
