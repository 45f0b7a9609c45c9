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
