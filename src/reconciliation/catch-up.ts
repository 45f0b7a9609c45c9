/**
 * The catch-up: what an instance left for later because of its own
 * configuration fault is done as soon as an instance can act, instead of
 * at the reconcile job's second run (Medusa spends a notification's event
 * retries within a second, and the job leaves a session alone for its 10
 * quiet minutes). Two kinds of deferred work are recorded:
 *
 * - notifications it could not verify: their sessions, kept as rows
 *   `deferred:notification:<session id>` (deferred-notification.ts),
 *   are confirmed with the status query at once, so the order is made or
 *   the capture recorded (Medusa's processPaymentWorkflow, as the
 *   notification would have);
 * - captures due on fulfilment or shipment it could not make: payments
 *   marked `capture_due` (capture/capture-when-due.ts) are captured.
 *
 * A record is dropped once an instance able to act on its payment has
 * dealt with it; one that still cannot be acted on here stays for the next
 * catch-up or job run. One catch-up at a time across the store (a lock of
 * Medusa's locking module); each payment's own lock and the journal keep
 * its money single whoever acts.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { choiceOf, coreFor } from "../accounts/registry"
import { retryLostCaptures } from "../capture/capture-when-due"
import { thrownMessage } from "../journal/errors"
import { catchUpLockKey, isLockTimeout, lockingModule } from "../locking/locks"
import { acquiringModule } from "../modules/acquiring/module-access"
import {
  DEFERRED_NOTIFICATION_PREFIX,
  type DeferredNotification,
} from "./deferred-notification"
import {
  loggerOf,
  paymentModule,
  type PaymentSessionRow,
} from "../order-payments/payment-store"
import { readSession } from "../payment-sessions/session-store"
import { reconcilePayments } from "./payments"
import { reconcileSessions } from "./sessions"
import { STORED_SESSION_FIELDS } from "../order-payments/payment-store"

/** Deferred records taken per catch-up; the rest wait for the next one (or the job). */
const BATCH = 500
/** A deferred notification older than this is dropped: the reconcile job looks back as far on open sessions. */
const KEEP_MS = 2 * 86_400_000
/** How long a catch-up waits for one running on another instance: it then finds what that one left. */
const WAIT_SECONDS = 120

export interface CatchUpOutcome {
  /** sessions of deferred notifications confirmed with the acquirer */
  notifications: number
  /** deferred notifications this instance still cannot act on */
  still_deferred: number
  /** captures due that were made now */
  captures: number
}

const NOTHING: CatchUpOutcome = {
  notifications: 0,
  still_deferred: 0,
  captures: 0,
}

/** Runs the catch-up once across the store; `why` names the moment in the log. */
export async function catchUpDeferredWork(
  container: MedusaContainer,
  why: string
): Promise<CatchUpOutcome> {
  const logger = loggerOf(container)
  try {
    const outcome = await lockingModule(container).execute(
      catchUpLockKey(),
      () => catchUp(container),
      { timeout: WAIT_SECONDS }
    )
    if (outcome.notifications || outcome.captures || outcome.still_deferred)
      logger.info(
        `[acquiring] caught up (${why}): ${outcome.notifications} payment(s) of deferred notifications confirmed with the acquirer, ${outcome.captures} due capture(s) made${outcome.still_deferred ? `, ${outcome.still_deferred} still waiting for an instance that can verify them` : ""}`
      )
    return outcome
  } catch (error) {
    // the reconcile job remains the safety net
    logger.warn(
      isLockTimeout(error)
        ? `[acquiring] catch-up (${why}) skipped: another instance has been catching up for ${WAIT_SECONDS} s`
        : `[acquiring] catch-up (${why}) failed: ${thrownMessage(error)}; the reconcile job finishes what it left`
    )
    return NOTHING
  }
}

async function catchUp(container: MedusaContainer): Promise<CatchUpOutcome> {
  const notifications = await deferredNotifications(container)
  const captures = await dueCaptures(container)
  return { ...notifications, captures }
}

async function deferredNotifications(
  container: MedusaContainer
): Promise<Pick<CatchUpOutcome, "notifications" | "still_deferred">> {
  const plugin = acquiringModule()
  const rows = (await plugin.listDeferredWork(BATCH)).filter((row) =>
    row.id.startsWith(DEFERRED_NOTIFICATION_PREFIX)
  )
  if (!rows.length) return { notifications: 0, still_deferred: 0 }
  const kept = new Map<string, string>()
  for (const row of rows) {
    const record = row.data as Partial<DeferredNotification>
    const age = Date.now() - new Date(record.deferred_at ?? 0).getTime()
    // past the window the job looks back on: nothing of it is waited for any more
    if (!record.session_id || !(age < KEEP_MS))
      await plugin.takeSessionState(row.id)
    else kept.set(record.session_id, row.id)
  }
  if (!kept.size) return { notifications: 0, still_deferred: 0 }
  const sessions: PaymentSessionRow[] = await paymentModule(
    container
  ).listPaymentSessions(
    { id: [...kept.keys()] },
    { select: [...STORED_SESSION_FIELDS], relations: ["payment"] }
  )
  let done = 0
  let waiting = 0
  for (const session of sessions) {
    const stored = await readSession(session.data)
    const able = await coreFor(container, session.provider_id, choiceOf(stored))
      .then(() => true)
      .catch(() => false)
    if (!able) {
      waiting++
      continue
    }
    // as the notification would have been acted on: a payment's news recorded, or the session confirmed
    if (session.payment) await reconcilePayments(container, [session.payment])
    else await reconcileSessions(container, [session])
    await plugin.takeSessionState(kept.get(session.id)!)
    kept.delete(session.id)
    done++
  }
  // a session gone since (its cart deleted): nothing left to finish
  for (const [sessionId, id] of kept)
    if (!sessions.some((s) => s.id === sessionId))
      await plugin.takeSessionState(id)
  return { notifications: done, still_deferred: waiting }
}

async function dueCaptures(container: MedusaContainer): Promise<number> {
  const sessionIds = await acquiringModule().sessionsWithCaptureDue(BATCH)
  if (!sessionIds.length) return 0
  const select = ["id", "provider_id", "data", "captured_at", "canceled_at"]
  const listed = await paymentModule(container).listPayments(
    { payment_session_id: sessionIds },
    { select }
  )
  const open = listed.filter((p) => !p.captured_at && !p.canceled_at)
  if (!open.length) return 0
  // as the job does: what the acquirer made (a lost answer's capture) is recorded first, only the rest is sent
  await reconcilePayments(container, open)
  const still = await paymentModule(container).listPayments(
    { id: open.map((p) => p.id) },
    { select }
  )
  const outcomes = await retryLostCaptures(
    container,
    still.filter((p) => !p.captured_at && !p.canceled_at)
  )
  return outcomes.filter((o) => o.outcome === "captured").length
}
