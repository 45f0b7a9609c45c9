/**
 * The records the plugin writes on the money path, each in one statement its
 * *-sql.ts module builds, run on the caller's manager (inside its
 * transaction when it has one): the journal, the sessions' private states,
 * subscription deductions, saved cards, chargebacks, the payment history's
 * entries, payouts. The module's service (service.ts) adds its reports and
 * housekeeping.
 */
import {
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
import type {
  PaymentEventInput,
  ChargebackInput,
  OperationSettlement,
  PayoutTransitionFields,
  SavedCardInput,
} from "./writable-columns"
import { rowsOf } from "./statement"
import { claimOperation, settleOperation } from "./operation-sql"
import {
  captureDue,
  deferredWork,
  readStates,
  takeState,
  writeState,
} from "./session-state-sql"
import { keepChargeback, markChargebackAccounted } from "./chargeback-sql"
import { markOrdered } from "./attempt-outcome-sql"
import {
  keepDeduction,
  runningSubscriptions,
  subscriptionSessions,
  type DeductionInput,
  type RunningSubscription,
} from "./deduction-sql"
import { keepSavedCard } from "./saved-card-sql"
import { keepPaymentEvent } from "./payment-event-sql"
import { countPayoutTry, transitionPayout } from "./payout-sql"

export class PaymentRecords extends MedusaService({
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
  /** Moves an operation from one state to another only if it is still in the first: true when this call moved it. */
  @InjectManager()
  async claimAcquiringOperation(
    id: string,
    from: string,
    to: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    return (
      (await rowsOf(sharedContext, claimOperation(id, from, to))).length > 0
    )
  }

  /** Writes what became of an operation in one UPDATE. */
  @InjectManager()
  async settleAcquiringOperation(
    id: string,
    change: OperationSettlement,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await rowsOf(sharedContext, settleOperation(id, change))
  }

  /** The private states of the given sessions (intake rows included), by id. */
  @InjectManager()
  async readSessionStates(
    ids: string[],
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<Map<string, unknown>> {
    if (!ids.length) return new Map()
    const rows = await rowsOf<{ id: string; data: unknown }>(
      sharedContext,
      readStates(ids)
    )
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
    await rowsOf(sharedContext, writeState(id, data))
  }

  /** Removes a row and answers what it held: an intake is taken once. */
  @InjectManager()
  async takeSessionState(
    id: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<unknown> {
    const [taken] = await rowsOf<{ data: unknown }>(
      sharedContext,
      takeState(id)
    )
    return taken?.data
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
    return rowsOf(sharedContext, deferredWork(limit))
  }

  /** Sessions whose payment is marked due for a capture not made yet (capture_due), oldest first. */
  @InjectManager()
  async sessionsWithCaptureDue(
    limit: number,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<string[]> {
    const rows = await rowsOf<{ id: string }>(sharedContext, captureDue(limit))
    return rows.map((row) => row.id)
  }

  /** Keeps a deduction the status query confirmed (deduction-sql.ts says how a repeat merges); answers the row as stored. */
  @InjectManager()
  async keepDeduction(
    row: DeductionInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<AcquiringDeductionRow> {
    const [kept] = await rowsOf<AcquiringDeductionRow>(
      sharedContext,
      keepDeduction(row)
    )
    return kept!
  }

  /** Subscriptions still running, oldest-checked first, at most `take`. */
  @InjectManager()
  async listRunningSubscriptions(
    take: number,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<RunningSubscription[]> {
    return rowsOf(sharedContext, runningSubscriptions(take))
  }

  /** The sessions of first payments that started a subscription, newest first, and how many there are. */
  @InjectManager()
  async listSubscriptionSessions(
    take: number,
    skip: number,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<{ ids: string[]; count: number }> {
    const rows = await rowsOf<{ id: string; count: string }>(
      sharedContext,
      subscriptionSessions(take, skip)
    )
    return { ids: rows.map((r) => r.id), count: Number(rows[0]?.count ?? 0) }
  }

  /** Keeps a customer's card under the acquirer's token in one statement; a token saved again answers the row already kept. */
  @InjectManager()
  async keepSavedCard(
    card: SavedCardInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<{ id: string }> {
    const [kept] = await rowsOf<{ id: string }>(
      sharedContext,
      keepSavedCard(card)
    )
    return kept
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
    const [kept] = await rowsOf<{
      id: string
      status: string
      inserted: boolean
    }>(sharedContext, keepChargeback(row))
    return kept ?? null
  }

  /** Marks a lost chargeback recorded in Medusa, once: true for the call that marked it. */
  @InjectManager()
  async markChargebackAccounted(
    id: string,
    refundId: string | null,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    const marked = markChargebackAccounted(id, refundId)
    return (await rowsOf(sharedContext, marked)).length > 0
  }

  /** Writes a history entry unless one with its id was written (two handlers of one notification). */
  @InjectManager()
  async keepPaymentEvent(
    row: PaymentEventInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await rowsOf(sharedContext, keepPaymentEvent(row))
  }

  /** An order took the payments of these sessions at `at`: their approved attempts keep the time, once. */
  @InjectManager()
  async markAttemptsOrdered(
    sessionIds: string[],
    at: Date,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    if (!sessionIds.length) return
    await rowsOf(sharedContext, markOrdered(sessionIds, at))
  }

  /** Counts one more request sent for a payout (always with its own request_id). */
  @InjectManager()
  async countAcquiringPayoutTry(
    id: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await rowsOf(sharedContext, countPayoutTry(id))
  }

  /**
   * Writes a payout's new status and answer fields only if its status is
   * still one of `from` (payout-sql.ts): true when this call moved it.
   */
  @InjectManager()
  async transitionAcquiringPayout(
    id: string,
    from: readonly string[],
    fields: PayoutTransitionFields,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    const moved = transitionPayout(id, from, fields)
    return (await rowsOf(sharedContext, moved)).length > 0
  }
}
