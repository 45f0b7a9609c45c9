/**
 * A notification as the provider hands it to Medusa's webhook route: found
 * by its order number, verified with the key of the account its payment was
 * made with, then answered with Medusa's action. The door on the webhook
 * route (notification-door.ts) triages the same way before Medusa queues
 * anything.
 */
import type {
  ProviderWebhookPayload,
  WebhookActionResult,
} from "@medusajs/framework/types"
import type { ProviderCore } from "../accounts/core"
import { resolveCore, type ProviderEntryRef } from "../accounts/registry"
import { deductionInfixOf } from "../accounts/options"
import type { RefusalInput } from "../modules/acquiring/refusal-sql"
import { unverifiedNotification } from "../reconciliation/deferred-notification"
import { webhookAction } from "./notification"
import {
  notificationAccount,
  notificationFields,
  type KnownPayment,
} from "./notification-account"
import { countRefusalOnce, pluginRefusalLog } from "./refused-notifications"
import { oncePerPayload } from "./one-verdict"

type Logger = {
  error(message: string): void
  warn?(message: string): void
  debug?(message: string): void
}

/** Where a notification stands before its signature is checked. */
export type NotificationTriage =
  /** refused without verifying: nothing in it names a payment this provider can verify */
  | { kind: "refused"; refusal: RefusalInput; fields: Record<string, unknown> }
  /** this instance cannot build the verifying core (its own configuration) */
  | { kind: "unverifiable"; error: unknown; order_no: string }
  /** to be verified with this core, the one of the payment's account */
  | {
      kind: "ready"
      core: ProviderCore
      fields: Record<string, unknown>
      /** the payment its order number names */
      payment: { order_no: string; session_id: string }
      /** its cart, as recorded when its session began */
      cart_id?: string
      /** the journal's attempt, and the authorisation its session holds already */
      known: KnownPayment
    }

const triageOnce = oncePerPayload<NotificationTriage>()

/** The door and the provider's verdict triage the same received payload object once (one-verdict.ts). */
export function triageNotification(
  entry: ProviderEntryRef,
  payload: ProviderWebhookPayload["payload"]
): Promise<NotificationTriage> {
  return triageOnce(payload, entry.provider_id, () => triage(entry, payload))
}

async function triage(
  entry: ProviderEntryRef,
  payload: ProviderWebhookPayload["payload"]
): Promise<NotificationTriage> {
  const fields = notificationFields(payload)
  const refused = (
    reason: RefusalInput["reason"],
    payment: Partial<Pick<RefusalInput, "order_no" | "session_id">> = {}
  ): NotificationTriage => ({
    kind: "refused",
    refusal: { provider_id: entry.provider_id, reason, ...payment },
    fields: fields ?? {},
  })
  if (!fields) return refused("unreadable")
  const recorded = await notificationAccount(
    entry.provider_id,
    fields,
    undefined,
    deductionInfixOf(entry.raw)
  )
  if (!recorded) return refused("unknown_order")
  let core: ProviderCore
  try {
    core = await resolveCore(entry, recorded.choice)
  } catch (error) {
    return {
      kind: "unverifiable",
      error,
      order_no: recorded.payment.order_no,
    }
  }
  // the payment's account row is gone: no other account's key stands in
  if (
    recorded.account_id !== undefined &&
    core.account.id !== recorded.account_id
  )
    return refused("account_gone", recorded.payment)
  return {
    kind: "ready",
    core,
    fields,
    payment: recorded.payment,
    ...(recorded.cart_id ? { cart_id: recorded.cart_id } : {}),
    known: { attempt: recorded.attempt, held: recorded.held },
  }
}

export async function providerWebhookAction(
  entry: ProviderEntryRef,
  payload: ProviderWebhookPayload["payload"],
  logger: Logger
): Promise<WebhookActionResult> {
  const triage = await triageNotification(entry, payload)
  if (triage.kind === "unverifiable")
    // this instance's own configuration fault: kept for the catch-up, never dropped
    return unverifiedNotification(
      entry.provider_id,
      triage.error,
      logger,
      triage.order_no
    )
  if (triage.kind === "refused") {
    await countRefusalOnce(
      triage.refusal,
      triage.fields,
      pluginRefusalLog(logger)
    )
    return { action: "not_supported" }
  }
  return webhookAction(triage.core, payload, triage.known)
}
