/**
 * A notification as the provider hands it to Medusa's webhook route: found
 * by its order number, verified with the key of the account its payment was
 * made with, then answered with Medusa's action.
 */
import type {
  ProviderWebhookPayload,
  WebhookActionResult,
} from "@medusajs/framework/types"
import type { ProviderCore } from "../accounts/core"
import { resolveCore, type ProviderEntryRef } from "../accounts/registry"
import { unverifiedNotification } from "./deferred-notification"
import {
  notificationAccount,
  notificationFields,
  webhookAction,
} from "./notification"

type Logger = { error(message: string): void; warn?(message: string): void }

export async function providerWebhookAction(
  entry: ProviderEntryRef,
  payload: ProviderWebhookPayload["payload"],
  logger: Logger
): Promise<WebhookActionResult> {
  const fields = notificationFields(payload)
  const recorded = await notificationAccount(entry.provider_id, fields)
  if (!recorded) {
    logger.warn?.(
      "[acquiring] notification ignored: its order number names no payment of this provider"
    )
    return { action: "not_supported" }
  }
  let core: ProviderCore
  try {
    core = await resolveCore(entry, recorded.choice)
  } catch (error) {
    // this instance's own configuration fault: kept for the catch-up, never dropped
    return unverifiedNotification(
      entry.provider_id,
      error,
      logger,
      typeof fields?.order_no === "string" ? fields.order_no : undefined
    )
  }
  if (
    recorded.account_id !== undefined &&
    core.account.id !== recorded.account_id
  ) {
    // the payment's account row is gone: no other account's key stands in
    core.log(
      "warn",
      "notification ignored: the account its payment was made with is no longer stored"
    )
    return { action: "not_supported" }
  }
  return webhookAction(core, payload)
}
