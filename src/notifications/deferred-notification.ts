/**
 * A notification this instance cannot verify because of its own
 * configuration (its ACQUIRING_SETTINGS_KEY missing or not the one the
 * account's sign key was sealed with, medusa-config incomplete here) is not
 * the acquirer's fault and must not be answered `not_supported`: Medusa
 * drops those for good while the acquirer, answered 200, never sends it
 * again. It fails instead, so Medusa's event bus tries it again (its
 * `webhook_retries`), and the reconcile job, which leaves a payment it
 * cannot reach for its next run, finishes it once the fault is fixed:
 * the status query confirms it and Medusa's processPaymentWorkflow makes
 * the order or records the capture once.
 */
import { PaymentActions } from "@medusajs/framework/utils"
import type { WebhookActionResult } from "@medusajs/framework/types"
import {
  PaymentsUnavailableError,
  reportUnavailable,
} from "../accounts/payments-unavailable"

export class NotificationDeferredError extends Error {
  constructor(providerId: string, reason: string) {
    super(
      `[acquiring] a notification for ${providerId} cannot be verified on this instance until its configuration is fixed: ${reason} It is left to Medusa's retries and to the reconcile job, which finishes the payment once the fault is fixed.`
    )
    this.name = "NotificationDeferredError"
  }
}

/**
 * What a notification whose verifying core could not be built comes to:
 * a configuration fault of this instance throws (the notification is
 * retried later); anything else is `not_supported`, as before.
 */
export function unverifiedNotification(
  providerId: string,
  error: unknown,
  logger: { error(message: string): void }
): WebhookActionResult {
  if (!(error instanceof PaymentsUnavailableError))
    return { action: PaymentActions.NOT_SUPPORTED }
  reportUnavailable(logger, error)
  throw new NotificationDeferredError(providerId, error.message)
}
