/**
 * A notification this instance cannot verify because of its own
 * configuration (its ACQUIRING_SETTINGS_KEY missing or not the one the
 * account's sign key was sealed with, medusa-config incomplete here) is not
 * the acquirer's fault and must not be answered `not_supported`: Medusa
 * drops those for good while the acquirer, answered 200, never sends it
 * again. It fails instead, and its session is kept as deferred work (a row
 * `deferred:notification:<session id>` beside the sessions' states): Medusa
 * spends its event retries within a second, so what finishes it is the
 * catch-up an instance runs as soon as it can act again (at start-up with
 * a working configuration, or when the settings change:
 * reconciliation/catch-up.ts), and otherwise the reconcile job. Either
 * confirms it with the status query, and Medusa's processPaymentWorkflow
 * makes the order or records the capture once.
 */
import { PaymentActions } from "@medusajs/framework/utils"
import type { WebhookActionResult } from "@medusajs/framework/types"
import {
  PaymentsUnavailableError,
  reportUnavailable,
} from "../accounts/payments-unavailable"
import { thrownMessage } from "../journal/errors"
import { moduleJournal } from "../journal/journal"
import { acquiringModule } from "../modules/acquiring/module-access"

export class NotificationDeferredError extends Error {
  constructor(providerId: string, reason: string) {
    super(
      `[acquiring] a notification for ${providerId} cannot be verified on this instance until its configuration is fixed: ${reason} Its payment is kept: an instance that can verify it catches up at once (at its start, or when the settings change), and the reconcile job finishes it otherwise.`
    )
    this.name = "NotificationDeferredError"
  }
}

/** The row a deferred notification's session is kept under. */
export const DEFERRED_NOTIFICATION_PREFIX = "deferred:notification:"

export interface DeferredNotification {
  kind: "notification"
  session_id: string
  provider_id: string
  /** when it was last deferred (ISO time) */
  deferred_at: string
}

export type KeepDeferred = (
  providerId: string,
  orderNo: string
) => Promise<void>

/**
 * Keeps the session the notification's order number names (nothing when it
 * names none: such a notification is nobody's). One row per session, however
 * many notifications are deferred for it; nothing in it is trusted: the
 * catch-up asks the acquirer.
 */
export const keepDeferredNotification: KeepDeferred = async (
  providerId,
  orderNo
) => {
  const [attempt] = await moduleJournal().list(
    { kind: ["authorise", "checkout"], order_no: orderNo },
    1
  )
  if (!attempt?.session_id || attempt.provider_id !== providerId) return
  const row: DeferredNotification = {
    kind: "notification",
    session_id: attempt.session_id,
    provider_id: providerId,
    deferred_at: new Date().toISOString(),
  }
  await acquiringModule().writeSessionState(
    `${DEFERRED_NOTIFICATION_PREFIX}${attempt.session_id}`,
    { ...row }
  )
}

/**
 * What a notification whose verifying core could not be built comes to:
 * a configuration fault of this instance keeps its session and throws (the
 * notification is retried later); anything else is `not_supported`, as
 * before.
 */
export async function unverifiedNotification(
  providerId: string,
  error: unknown,
  logger: { error(message: string): void; warn?(message: string): void },
  orderNo?: string,
  keep: KeepDeferred = keepDeferredNotification
): Promise<WebhookActionResult> {
  if (!(error instanceof PaymentsUnavailableError))
    return { action: PaymentActions.NOT_SUPPORTED }
  reportUnavailable(logger, error)
  if (orderNo)
    await keep(providerId, orderNo).catch((failure: unknown) =>
      logger.warn?.(
        `[acquiring] a deferred notification could not be kept for the catch-up (${thrownMessage(failure)}); the reconcile job still finds its payment`
      )
    )
  throw new NotificationDeferredError(providerId, error.message)
}
