import { generateEntityId } from "@medusajs/framework/utils"
import type { Statement } from "./statement"

/**
 * A deduction kept whichever path saw it first: a repeat or a late,
 * older answer never moves it back (paid stays paid with its money; an
 * ended subscription's last deduction stays ended unless a try was paid;
 * the next deduction's time, "YYYY-MM-DD HH:MM:SS", only moves later).
 */
const KEEP_DEDUCTION = `insert into "acquiring_deduction" ("id", "provider_id", "order_no", "first_order_no", "first_session_id", "recurring_id", "deduction_number", "retry_number", "status", "result_code", "transaction_id", "currency", "amount", "next_deduction_time")
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict ("order_no") where "deleted_at" is null do update set
       "status" = case
         when "acquiring_deduction"."status" = 'paid' or excluded."status" = 'paid' then 'paid'
         when "acquiring_deduction"."status" = 'ended' then 'ended'
         else excluded."status" end,
       "retry_number" = greatest("acquiring_deduction"."retry_number", excluded."retry_number"),
       "result_code" = case when "acquiring_deduction"."status" = 'paid' then "acquiring_deduction"."result_code" else excluded."result_code" end,
       "transaction_id" = case when "acquiring_deduction"."status" = 'paid' then "acquiring_deduction"."transaction_id" else excluded."transaction_id" end,
       "amount" = case when "acquiring_deduction"."status" = 'paid' then "acquiring_deduction"."amount" else excluded."amount" end,
       "recurring_id" = coalesce("acquiring_deduction"."recurring_id", excluded."recurring_id"),
       "next_deduction_time" = greatest(excluded."next_deduction_time", "acquiring_deduction"."next_deduction_time"),
       "updated_at" = now()
     returning *`

/**
 * First payments that started a subscription not cancelled nor ended,
 * with the highest deduction the plugin knows of each: what the reconcile
 * job asks the acquirer about.
 */
const RUNNING_SUBSCRIPTIONS = `select s."id" as "session_id", s."data"->>'order_no' as "order_no", s."data"->'subscription'->>'recurring_id' as "recurring_id",
       (select max(d."deduction_number") from "acquiring_deduction" d where d."first_order_no" = s."data"->>'order_no' and d."deleted_at" is null) as "last_number",
       (select d."status" from "acquiring_deduction" d where d."first_order_no" = s."data"->>'order_no' and d."deleted_at" is null order by d."deduction_number" desc limit 1) as "last_status"
     from "acquiring_session_state" s
     where s."deleted_at" is null
       and s."data"->'subscription'->>'recurring_id' is not null
       and s."data"->>'order_no' is not null
       and coalesce(s."data"->'subscription'->'cancellation'->>'state', '') <> 'cancelled'
       and not exists (select 1 from "acquiring_deduction" e where e."first_order_no" = s."data"->>'order_no' and e."status" = 'ended' and e."deleted_at" is null)
     order by s."updated_at" asc
     limit ?`

/** A deduction as the status query confirmed it. */
export interface DeductionInput {
  provider_id: string
  order_no: string
  first_order_no: string
  first_session_id: string
  recurring_id: string | null
  deduction_number: number
  retry_number: number
  status: "paid" | "declined" | "ended"
  result_code: string | null
  transaction_id: string | null
  currency: string
  amount: string
  next_deduction_time: string | null
}

export interface RunningSubscription {
  session_id: string
  order_no: string
  recurring_id: string
  /** the highest deduction number kept, null before the first */
  last_number: number | null
  last_status: "paid" | "declined" | "ended" | null
}

/** Every first payment that started a subscription, newest first: the admin's list. */
const SUBSCRIPTION_SESSIONS = `select s."id", count(*) over () as "count"
     from "acquiring_session_state" s
     where s."deleted_at" is null and s."data"->'subscription'->>'recurring_id' is not null
     order by s."created_at" desc, s."id"
     limit ? offset ?`

/** Keeps a deduction the status query confirmed; the row comes back as stored. */
export function keepDeduction(row: DeductionInput): Statement {
  return {
    text: KEEP_DEDUCTION,
    values: [
      generateEntityId(undefined, "acqded"),
      row.provider_id,
      row.order_no,
      row.first_order_no,
      row.first_session_id,
      row.recurring_id,
      row.deduction_number,
      row.retry_number,
      row.status,
      row.result_code,
      row.transaction_id,
      row.currency,
      row.amount,
      row.next_deduction_time,
    ],
  }
}

/** Subscriptions still running, oldest-checked first, at most `take`. */
export function runningSubscriptions(take: number): Statement {
  return { text: RUNNING_SUBSCRIPTIONS, values: [take] }
}

/** The sessions of first payments that started a subscription, newest first, with their count. */
export function subscriptionSessions(take: number, skip: number): Statement {
  return { text: SUBSCRIPTION_SESSIONS, values: [take, skip] }
}
