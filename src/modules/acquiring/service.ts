import {
  generateEntityId,
  InjectManager,
  MedusaContext,
  MedusaService,
} from "@medusajs/framework/utils"
import type { Context } from "@medusajs/framework/types"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import type { AcquiringDeductionRow } from "./types"
import { AcquiringAccount } from "./models/account"
import { AcquiringOperation } from "./models/operation"
import { AcquiringPayout } from "./models/payout"
import { AcquiringSettingsChange } from "./models/settings-change"
import { AcquiringSessionState } from "./models/session-state"
import { AcquiringSavedCard } from "./models/saved-card"
import { AcquiringPaymentLink } from "./models/payment-link"
import { AcquiringChargeback } from "./models/chargeback"
import { AcquiringPaymentEvent } from "./models/payment-event"
import { AcquiringNotificationRefusal } from "./models/notification-refusal"
import { AcquiringDeduction } from "./models/deduction"
import { AcquiringAttemptOutcome } from "./models/attempt-outcome"
import { AcquiringAlert } from "./models/alert"
import {
  APPROVAL_HOUR_AND_WEEK,
  DECLINES_HOUR_AND_WEEK,
  NOTIFICATIONS_OF_HOUR,
  RAISE_ALERT,
  UNSETTLED_BEFORE,
} from "./alert-sql"
import { registerAcquiringModule } from "./module-access"
import {
  OPERATION_COLUMNS,
  PAYMENT_EVENT_COLUMNS,
  PAYOUT_COLUMNS,
  type PaymentEventInput,
  type ChargebackInput,
  type OperationSettlement,
  type PayoutTransitionFields,
  type SavedCardInput,
} from "./writable-columns"
import { closeVelocityGuards } from "../../velocity/guard-registry"
import {
  ANONYMISE_SHOPPER_DATA,
  DELETE_OLD_HISTORY,
  DELETE_OLD_REFUSALS,
} from "./retention-sql"
import {
  COUNT_REFUSAL,
  REFUSALS_SINCE,
  type RefusalCount,
  type RefusalInput,
  type RefusalTotal,
} from "./refusal-sql"
import { KEEP_CHARGEBACK } from "./chargeback-sql"
import { KEEP_KNOWN_SUBSCRIPTION } from "./session-state-sql"
import { keepAttemptOutcomes, markOrdered } from "./attempt-outcome-sql"
import {
  KEEP_DEDUCTION,
  RUNNING_SUBSCRIPTIONS,
  SUBSCRIPTION_SESSIONS,
  type DeductionInput,
  type RunningSubscription,
} from "./deduction-sql"
import {
  chargebacksByMonth,
  overviewStatements,
  type AttemptDayRow,
  type ChargebackMonthRow,
  type DeclineRow,
  type MethodRow,
  type MoneyDayRow,
  type OrderLagRow,
  type OverviewFilters,
  type WaitingRow,
} from "./overview-sql"
import {
  historySearch,
  type HistoryFilters,
  type HistoryRow,
} from "./history-search-sql"
import {
  runShutdownTasks,
  runStartUpTasks,
  type StartUpLogger,
} from "./start-up-tasks"

type ModuleDeps = { configModule?: unknown; logger?: StartUpLogger }

/** The plugin's own module: the operations journal, the sessions' private state, the accounts saved in the admin and their audit, and payouts. */
export default class AcquiringModuleService extends MedusaService({
  AcquiringOperation,
  AcquiringAccount,
  AcquiringSettingsChange,
  AcquiringPayout,
  AcquiringSessionState,
  AcquiringSavedCard,
  AcquiringPaymentLink,
  AcquiringChargeback,
  AcquiringPaymentEvent,
  AcquiringNotificationRefusal,
  AcquiringDeduction,
  AcquiringAttemptOutcome,
  AcquiringAlert,
}) {
  constructor(
    ...args: ConstructorParameters<ReturnType<typeof MedusaService>>
  ) {
    super(...args)
    // payment providers run in the payment module's container, which cannot resolve this module
    registerAcquiringModule(this)
    this.deps = args[0] as ModuleDeps
  }

  private readonly deps: ModuleDeps

  // Medusa calls these on its modules: at start the plugin's start-up tasks run (the settings
  // check, the instance's health reports); while stopping, with the database still there, those
  // reports end with a last word; at stop the velocity counters' Redis connection would otherwise
  // keep the process running.
  __hooks = {
    onApplicationStart: async () => {
      const { configModule, logger } = this.deps
      if (logger) await runStartUpTasks({ configModule, logger })
    },
    onApplicationPrepareShutdown: async () => {
      await runShutdownTasks()
    },
    onApplicationShutdown: async () => {
      await closeVelocityGuards()
    },
  }

  /** Moves an operation from one state to another only if it is still in the first: true when this call moved it. */
  @InjectManager()
  async claimAcquiringOperation(
    id: string,
    from: string,
    to: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    const moved = (await sharedContext.manager!.execute(
      `update "acquiring_operation" set "state" = ?, "settled_at" = now(), "updated_at" = now() where "id" = ? and "state" = ? and "deleted_at" is null returning "id"`,
      [to, id, from],
      "all"
    )) as { id: string }[]
    return moved.length > 0
  }

  /**
   * Writes what became of an operation in one UPDATE (the generated update
   * reads the row, diffs it and reads it back: three round trips on the
   * path of every payment).
   */
  @InjectManager()
  async settleAcquiringOperation(
    id: string,
    change: OperationSettlement,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    const entries = Object.entries(change).filter(
      ([column, value]) => OPERATION_COLUMNS.has(column) && value !== undefined
    )
    const final =
      change.state !== undefined &&
      change.state !== "sent" &&
      change.state !== "unknown"
    const sets = [
      ...entries.map(([column]) => `"${column}" = ?`),
      ...(final ? [`"settled_at" = now()`] : []),
      `"updated_at" = now()`,
    ]
    await sharedContext.manager!.execute(
      `update "acquiring_operation" set ${sets.join(", ")} where "id" = ?`,
      [...entries.map(([, value]) => value), id]
    )
  }

  /** Keeps a deduction the status query confirmed (deduction-sql.ts says how a repeat merges); answers the row as stored. */
  @InjectManager()
  async keepDeduction(
    row: DeductionInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<AcquiringDeductionRow> {
    const rows = (await sharedContext.manager!.execute(
      KEEP_DEDUCTION,
      [
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
      "all"
    )) as AcquiringDeductionRow[]
    return rows[0]!
  }

  /** Subscriptions still running, oldest-checked first, at most `take`. */
  @InjectManager()
  async listRunningSubscriptions(
    take: number,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<RunningSubscription[]> {
    return (await sharedContext.manager!.execute(
      RUNNING_SUBSCRIPTIONS,
      [take],
      "all"
    )) as RunningSubscription[]
  }

  /** The sessions of first payments that started a subscription, newest first, and how many there are. */
  @InjectManager()
  async listSubscriptionSessions(
    take: number,
    skip: number,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<{ ids: string[]; count: number }> {
    const rows = (await sharedContext.manager!.execute(
      SUBSCRIPTION_SESSIONS,
      [take, skip],
      "all"
    )) as { id: string; count: string }[]
    return { ids: rows.map((r) => r.id), count: Number(rows[0]?.count ?? 0) }
  }

  /** The private states of the given sessions (intake rows included), by id. */
  @InjectManager()
  async readSessionStates(
    ids: string[],
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<Map<string, unknown>> {
    if (!ids.length) return new Map()
    const rows = (await sharedContext.manager!.execute(
      `select "id", "data" from "acquiring_session_state" where "id" in (${ids.map(() => "?").join(", ")}) and "deleted_at" is null`,
      ids,
      "all"
    )) as { id: string; data: unknown }[]
    return new Map(rows.map((row) => [row.id, row.data]))
  }

  /**
   * Writes a session's private state in one statement, whether or not it
   * had one. A subscription the acquirer named (its recurring id) is never
   * dropped by a writer that read the state before it was kept: Medusa's
   * authorisation and the notification that names it run side by side.
   */
  @InjectManager()
  async writeSessionState(
    id: string,
    data: Record<string, unknown>,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    // the attempts' outcome rows move in the same statement, so the overview never disagrees with a state
    await sharedContext.manager!.execute(
      `with "kept" as (insert into "acquiring_session_state" ("id", "data") values (?, ?::jsonb) on conflict ("id") do update set "data" = ${KEEP_KNOWN_SUBSCRIPTION}, "updated_at" = now(), "deleted_at" = null returning "id", "data")
       ${keepAttemptOutcomes(`"kept"`)}`,
      [id, JSON.stringify(data)]
    )
  }

  /** Removes a row and answers what it held: an intake is taken once. */
  @InjectManager()
  async takeSessionState(
    id: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<unknown> {
    const rows = (await sharedContext.manager!.execute(
      `delete from "acquiring_session_state" where "id" = ? returning "data"`,
      [id],
      "all"
    )) as { data: unknown }[]
    return rows[0]?.data
  }

  /** Intakes no session was made from (the request failed after the plugin's middleware), older than a day. */
  @InjectManager()
  async purgeStaleIntakes(
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<number> {
    const rows = (await sharedContext.manager!.execute(
      `delete from "acquiring_session_state" where "id" like 'intake:%' and "created_at" < now() - interval '1 day' returning "id"`,
      [],
      "all"
    )) as unknown[]
    return rows.length
  }

  /**
   * Work an instance left for later because of its own configuration fault
   * (rows keyed `deferred:`, written beside the sessions' states), oldest
   * first: what the catch-up finishes once the instance can act.
   */
  @InjectManager()
  async listDeferredWork(
    limit: number,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<{ id: string; data: Record<string, unknown> }[]> {
    return (await sharedContext.manager!.execute(
      `select "id", "data" from "acquiring_session_state" where "id" like 'deferred:%' and "deleted_at" is null order by "created_at", "id" limit ?`,
      [limit],
      "all"
    )) as { id: string; data: Record<string, unknown> }[]
  }

  /** Sessions whose payment is marked due for a capture not made yet (capture_due), oldest first. */
  @InjectManager()
  async sessionsWithCaptureDue(
    limit: number,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<string[]> {
    const rows = (await sharedContext.manager!.execute(
      `select "id" from "acquiring_session_state" where coalesce("data"->>'capture_due', '') <> '' and "id" not like '%:%' and "deleted_at" is null order by "updated_at", "id" limit ?`,
      [limit],
      "all"
    )) as { id: string }[]
    return rows.map((row) => row.id)
  }

  /**
   * Removes the shopper's data from at most `limit` payment states last
   * written more than `days` days ago whose payment needs it no more, in one
   * UPDATE (the conditions: retention-sql.ts): how many it changed.
   */
  @InjectManager()
  async anonymiseExpiredShopperData(
    days: number,
    limit: number,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<number> {
    const rows = (await sharedContext.manager!.execute(
      ANONYMISE_SHOPPER_DATA,
      [days, limit, days],
      "all"
    )) as unknown[]
    return rows.length
  }

  /** Deletes at most `limit` history entries older than `days` days, none of a payment with an OPEN chargeback: how many. */
  @InjectManager()
  async deleteExpiredPaymentEvents(
    days: number,
    limit: number,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<number> {
    const rows = (await sharedContext.manager!.execute(
      DELETE_OLD_HISTORY,
      [days, limit],
      "all"
    )) as unknown[]
    return rows.length
  }

  /** Deletes at most `limit` counters of refused notifications whose hour is older than `days` days: how many. */
  @InjectManager()
  async deleteExpiredRefusals(
    days: number,
    limit: number,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<number> {
    const rows = (await sharedContext.manager!.execute(
      DELETE_OLD_REFUSALS,
      [days, limit],
      "all"
    )) as unknown[]
    return rows.length
  }

  /**
   * Counts one refused notification in one statement: the counter of this
   * hour (the database's clock), provider, reason and order number is
   * created or incremented. `inserted` is true for the first of its hour.
   */
  @InjectManager()
  async countNotificationRefusal(
    refusal: RefusalInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<RefusalCount> {
    const rows = (await sharedContext.manager!.execute(
      COUNT_REFUSAL,
      [
        [refusal.provider_id, refusal.reason, refusal.order_no ?? ""].join("|"),
        refusal.provider_id,
        refusal.reason,
        refusal.order_no,
        refusal.session_id,
      ],
      "all"
    )) as { count: number | string; inserted: boolean }[]
    return { count: Number(rows[0]?.count ?? 0), inserted: !!rows[0]?.inserted }
  }

  /** Refused notifications counted in the hours from `since` (an hour's start) on, by reason. */
  @InjectManager()
  async refusalsSince(
    since: Date,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<RefusalTotal[]> {
    const rows = (await sharedContext.manager!.execute(
      REFUSALS_SINCE,
      [since],
      "all"
    )) as (Omit<RefusalTotal, "count"> & { count: number | string })[]
    return rows.map((row) => ({ ...row, count: Number(row.count) }))
  }

  /**
   * Keeps a customer's card under the acquirer's token in one statement:
   * the same token saved again (a notification and the shopper's return
   * racing, or a second payment asking again) answers the row already kept.
   */
  @InjectManager()
  async keepSavedCard(
    card: SavedCardInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<{ id: string }> {
    const rows = (await sharedContext.manager!.execute(
      `insert into "acquiring_saved_card" ("id", "customer_id", "merchant_id", "account_id", "token_id", "card_masked", "brand", "provider_id") values (?, ?, ?, ?, ?, ?, ?, ?)
       on conflict ("customer_id", "merchant_id", "account_id", "token_id") where "deleted_at" is null
       do update set "card_masked" = excluded."card_masked", "lapsed_at" = null, "updated_at" = now()
       returning "id"`,
      [
        card.id,
        card.customer_id,
        card.merchant_id,
        card.account_id,
        card.token_id,
        card.card_masked,
        card.brand,
        card.provider_id,
      ],
      "all"
    )) as { id: string }[]
    return rows[0]
  }

  /**
   * Keeps a chargeback once per acquirer reference, in one statement: a new
   * one is inserted; a known one moves only from OPEN to WON or LOST, so a
   * repeat, a late notification or two instances at once never move it
   * back or twice. `changed` is true for the one call that inserted or
   * moved it.
   */
  @InjectManager()
  async keepChargeback(
    row: ChargebackInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<{ id: string; status: string; inserted: boolean } | null> {
    const rows = (await sharedContext.manager!.execute(
      KEEP_CHARGEBACK,
      [
        row.id,
        row.reference,
        row.provider_id,
        row.order_no,
        row.transaction_id,
        row.payment_id,
        row.session_id,
        row.currency,
        row.amount,
        row.payment_amount,
        row.reason_code,
        row.reason_text,
        row.status,
        row.opened_at,
        row.respond_by,
        row.status,
      ],
      "all"
    )) as { id: string; status: string; inserted: boolean }[]
    return rows[0] ?? null
  }

  /** Writes a history entry unless one with its id was written (two handlers of one notification). */
  @InjectManager()
  async keepPaymentEvent(
    row: PaymentEventInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    const columns = PAYMENT_EVENT_COLUMNS.filter(
      (column) => row[column] !== undefined
    )
    await sharedContext.manager!.execute(
      `insert into "acquiring_payment_event" (${columns.map((c) => `"${c}"`).join(", ")}) values (${columns.map(() => "?").join(", ")}) on conflict ("id") do nothing`,
      columns.map((column) => row[column])
    )
  }

  /** Marks a lost chargeback recorded in Medusa, once: true for the call that marked it. */
  @InjectManager()
  async markChargebackAccounted(
    id: string,
    refundId: string | null,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    const rows = (await sharedContext.manager!.execute(
      `update "acquiring_chargeback" set "accounted_at" = now(), "refund_id" = ?, "updated_at" = now() where "id" = ? and "accounted_at" is null returning "id"`,
      [refundId, id],
      "all"
    )) as unknown[]
    return rows.length > 0
  }

  /**
   * The history of every payment (journal operations and events in one
   * list), newest first, filtered: each filter is optional and compared
   * exactly; times bound `created_at`.
   */
  @InjectManager()
  async searchPaymentHistory(
    filters: HistoryFilters,
    page: { limit: number; offset: number },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<{ rows: HistoryRow[]; count: number }> {
    const { text, values } = historySearch(filters, page)
    const rows = (await sharedContext.manager!.execute(
      text,
      values,
      "all"
    )) as (HistoryRow & { total: string })[]
    return { rows, count: Number(rows[0]?.total ?? 0) }
  }

  /** An order took the payments of these sessions at `at`: their approved attempts keep the time, once. */
  @InjectManager()
  async markAttemptsOrdered(
    sessionIds: string[],
    at: Date,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    if (!sessionIds.length) return
    await sharedContext.manager!.execute(markOrdered(sessionIds.length), [
      at,
      ...sessionIds,
    ])
  }

  /** The payments overview's readings of a period (overview-sql.ts), each one statement. */
  @InjectManager()
  async paymentsOverview(
    filters: OverviewFilters,
    abandonAfterMinutes: number,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<{
    days: AttemptDayRow[]
    declines: DeclineRow[]
    methods: MethodRow[]
    money: MoneyDayRow[]
    chargebacks: ChargebackMonthRow[]
    order_lag: OrderLagRow[]
    waiting: WaitingRow
  }> {
    const all = async <T>(statement: { text: string; values: unknown[] }) =>
      (await sharedContext.manager!.execute(
        statement.text,
        statement.values,
        "all"
      )) as T[]
    const statements = overviewStatements(filters, abandonAfterMinutes)
    // one after another: the manager's connection takes one statement at a time
    return {
      days: await all<AttemptDayRow>(statements.days),
      declines: await all<DeclineRow>(statements.declines),
      methods: await all<MethodRow>(statements.methods),
      money: await all<MoneyDayRow>(statements.money),
      chargebacks: await all<ChargebackMonthRow>(statements.chargebacks),
      order_lag: await all<OrderLagRow>(statements.order_lag),
      waiting: (await all<WaitingRow>(statements.waiting))[0],
    }
  }

  /**
   * What the alerts read of the hour [from, to): approvals and declines
   * beside the week before it, declines by code beside the week, and the
   * attempts still unknown that began before `unsettledBefore`, the hour's
   * notifications, and the chargebacks and captures of the month from
   * `monthStart` to `to`.
   */
  @InjectManager()
  async alertReadings(
    {
      from,
      to,
      unsettledBefore,
      monthStart,
    }: { from: Date; to: Date; unsettledBefore: Date; monthStart: Date },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<{
    approvals: Record<
      "hour_approved" | "hour_declined" | "week_approved" | "week_declined",
      string
    >
    declines: { code: string; hour: string; week: string }[]
    unsettled: { count: string; oldest: Date | null }
    notifications: Record<"verified" | "refused" | "reconciled", string>
    month: ChargebackMonthRow | undefined
  }> {
    const all = async <T>(text: string, values: unknown[]) =>
      (await sharedContext.manager!.execute(text, values, "all")) as T[]
    const month = chargebacksByMonth({ from: monthStart, to })
    return {
      approvals: (
        await all<never>(APPROVAL_HOUR_AND_WEEK, [
          from,
          from,
          from,
          from,
          from,
          to,
        ])
      )[0],
      declines: await all(DECLINES_HOUR_AND_WEEK, [from, from, from, to]),
      unsettled: (await all<never>(UNSETTLED_BEFORE, [unsettledBefore]))[0],
      notifications: (
        await all<never>(NOTIFICATIONS_OF_HOUR, [from, to, from, to, from, to])
      )[0],
      month: (await all<ChargebackMonthRow>(month.text, month.values)).at(-1),
    }
  }

  /** Records an alert of a cause for an hour: false when that hour's was raised already (by any instance). */
  @InjectManager()
  async raiseAcquiringAlert(
    cause: string,
    hour: Date,
    summary: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    const rows = (await sharedContext.manager!.execute(
      RAISE_ALERT,
      [generateEntityId(undefined, "acqal"), cause, hour, summary],
      "all"
    )) as unknown[]
    return rows.length === 1
  }

  /** Counts one more request sent for a payout (always with its own request_id). */
  @InjectManager()
  async countAcquiringPayoutTry(
    id: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await sharedContext.manager!.execute(
      `update "acquiring_payout" set "tries" = "tries" + 1, "updated_at" = now() where "id" = ?`,
      [id]
    )
  }

  /**
   * Writes a payout's new status and answer fields only if its status is
   * still one of `from` (one UPDATE, so a notification, the job and a
   * refresh racing each other never move a settled payout back): true when
   * this call moved it.
   */
  @InjectManager()
  async transitionAcquiringPayout(
    id: string,
    from: readonly string[],
    fields: PayoutTransitionFields,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    const entries = Object.entries(fields).filter(
      ([column, value]) => PAYOUT_COLUMNS.has(column) && value !== undefined
    )
    const sets = entries.map(([column]) => `"${column}" = ?`)
    const values = entries.map(([, value]) => value)
    const final = fields.status === "COMPLETED" || fields.status === "FAILED"
    const moved = (await sharedContext.manager!.execute(
      `update "acquiring_payout" set ${[...sets, final ? `"settled_at" = now()` : "", `"updated_at" = now()`].filter(Boolean).join(", ")} where "id" = ? and "status" in (${from.map(() => "?").join(", ")}) and "deleted_at" is null returning "id"`,
      [...values, id, ...from],
      "all"
    )) as { id: string }[]
    return moved.length > 0
  }
}

export type {
  PaymentEventInput,
  ChargebackInput,
  OperationSettlement,
  PayoutTransitionFields,
  SavedCardInput,
} from "./writable-columns"
export type { HistoryFilters, HistoryRow } from "./history-search-sql"
