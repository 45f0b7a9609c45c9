import { InjectManager, MedusaContext } from "@medusajs/framework/utils"
import type { Context } from "@medusajs/framework/types"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import { registerAcquiringModule } from "./module-access"
import { PaymentRecords } from "./payment-records"
import { closeVelocityGuards } from "../../velocity/guard-registry"
import { rowsOf } from "./statement"
import { PURGE_STALE_INTAKES } from "./session-state-sql"
import {
  anonymiseShopperData,
  deleteOldHistory,
  deleteOldRefusals,
} from "./retention-sql"
import {
  countRefusal,
  refusalsSince,
  type RefusalCount,
  type RefusalInput,
  type RefusalTotal,
} from "./refusal-sql"
import {
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
  alertStatements,
  raiseAlert,
  type AlertReadings,
  type AlertWindow,
} from "./alert-sql"
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

/**
 * The plugin's own module: the operations journal, the sessions' private
 * state, the accounts saved in the admin and their audit, and payouts
 * (payment-records.ts), with the reports, the alerts and the housekeeping
 * that read and prune them.
 */
export default class AcquiringModuleService extends PaymentRecords {
  constructor(...args: ConstructorParameters<typeof PaymentRecords>) {
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

  /** Intakes no session was made from (the request failed after the plugin's middleware), older than a day. */
  @InjectManager()
  async purgeStaleIntakes(
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<number> {
    return (await rowsOf(sharedContext, PURGE_STALE_INTAKES)).length
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
    return (await rowsOf(sharedContext, anonymiseShopperData(days, limit)))
      .length
  }

  /** Deletes at most `limit` history entries older than `days` days, none of a payment with an OPEN chargeback: how many. */
  @InjectManager()
  async deleteExpiredPaymentEvents(
    days: number,
    limit: number,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<number> {
    return (await rowsOf(sharedContext, deleteOldHistory(days, limit))).length
  }

  /** Deletes at most `limit` counters of refused notifications whose hour is older than `days` days: how many. */
  @InjectManager()
  async deleteExpiredRefusals(
    days: number,
    limit: number,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<number> {
    return (await rowsOf(sharedContext, deleteOldRefusals(days, limit))).length
  }

  /** Counts one refused notification in one statement; `inserted` is true for the first of its hour. */
  @InjectManager()
  async countNotificationRefusal(
    refusal: RefusalInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<RefusalCount> {
    const [row] = await rowsOf<{ count: number | string; inserted: boolean }>(
      sharedContext,
      countRefusal(refusal)
    )
    return { count: Number(row?.count ?? 0), inserted: !!row?.inserted }
  }

  /** Refused notifications counted in the hours from `since` (an hour's start) on, by reason. */
  @InjectManager()
  async refusalsSince(
    since: Date,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<RefusalTotal[]> {
    const rows = await rowsOf<
      Omit<RefusalTotal, "count"> & { count: number | string }
    >(sharedContext, refusalsSince(since))
    return rows.map((row) => ({ ...row, count: Number(row.count) }))
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
    const rows = await rowsOf<HistoryRow & { total: string }>(
      sharedContext,
      historySearch(filters, page)
    )
    return { rows, count: Number(rows[0]?.total ?? 0) }
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
    const statements = overviewStatements(filters, abandonAfterMinutes)
    const all = <T>(name: keyof typeof statements) =>
      rowsOf<T>(sharedContext, statements[name])
    // one after another: the manager's connection takes one statement at a time
    return {
      days: await all<AttemptDayRow>("days"),
      declines: await all<DeclineRow>("declines"),
      methods: await all<MethodRow>("methods"),
      money: await all<MoneyDayRow>("money"),
      chargebacks: await all<ChargebackMonthRow>("chargebacks"),
      order_lag: await all<OrderLagRow>("order_lag"),
      waiting: (await all<WaitingRow>("waiting"))[0],
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
    window: AlertWindow,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<AlertReadings> {
    const statements = alertStatements(window)
    const all = <T>(name: keyof typeof statements) =>
      rowsOf<T>(sharedContext, statements[name])
    return {
      approvals: (await all<AlertReadings["approvals"]>("approvals"))[0],
      declines: await all<AlertReadings["declines"][number]>("declines"),
      unsettled: (await all<AlertReadings["unsettled"]>("unsettled"))[0],
      notifications: (
        await all<AlertReadings["notifications"]>("notifications")
      )[0],
      month: (await all<ChargebackMonthRow>("month")).at(-1),
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
    const raised = raiseAlert(cause, hour, summary)
    return (await rowsOf(sharedContext, raised)).length === 1
  }
}

export type * from "./writable-columns"
export type { HistoryFilters, HistoryRow } from "./history-search-sql"
