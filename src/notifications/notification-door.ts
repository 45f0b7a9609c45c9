/**
 * The door of the plugin's notification addresses
 * (`POST /hooks/payment/acquiring-{card,hosted}_{id}`), ahead of Medusa's
 * webhook route. A notification this instance can judge and refuses (no
 * payment behind its order number, a bad signature, another merchant's
 * account) is counted (refused-notifications.ts) and answered 200, as
 * Medusa answers every notification, without being queued: no event, no
 * handler, no row of its own. A verified one is handled here and now
 * (prompt-handling.ts) and answered 200 once done, or with
 * `notification_handling: "worker"` put in the plugin's queue for the
 * worker (notification-queue.ts) and answered at once. Medusa's route queues
 * the rest as before: what the operator asked to be queued
 * (`notification_handling: "queued"`), what this instance cannot verify
 * (its own configuration fault, a database error), what failed here, and
 * what is still under way after its time here (PROMPT_BUDGET_MS).
 */
import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { PluginLogger } from "../accounts/core"
import type { ProviderWebhookPayload } from "@medusajs/framework/types"
import { notificationHandlingOf } from "../accounts/options"
import { isAcquiringProvider } from "../accounts/provider-entries"
import { entryFor, type ProviderEntryRef } from "../accounts/registry"
import type { RefusalInput } from "../modules/acquiring/refusal-sql"
import {
  countRefusal,
  pluginRefusalLog,
  refusalReason,
  type RefusalLog,
} from "./refused-notifications"
import { handleNotificationWithin, PROMPT_BUDGET_MS } from "./prompt-handling"
import { triageNotification } from "./provider-notification"
import {
  queuedNotification,
  queueNotification,
  type QueueTarget,
} from "./notification-queue"
import { notificationQueueTarget } from "./queue-start"
import { thrownMessage } from "../journal/errors"

type RawRequest = MedusaRequest & { rawBody?: Buffer | string }

export async function screenNotification(
  req: RawRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
): Promise<void> {
  const provider = String(req.params.provider ?? "")
  if (req.method !== "POST" || !isAcquiringProvider(provider)) return next()
  const payload = {
    data: req.body as Record<string, unknown>,
    rawData: req.rawBody as Buffer,
    headers: req.headers as Record<string, unknown>,
  }
  let verdict: DoorVerdict
  try {
    verdict = await judge(
      entryFor(req.scope, providerId(provider)),
      payload,
      req.scope.resolve("configModule")
    )
  } catch {
    // cannot judge it here: Medusa's handlers do, as before the door
    return next()
  }
  if (verdict.kind === "refused") {
    await countRefusal(verdict.refusal, loggerOf(req))
    res.sendStatus(200)
    return
  }
  if (verdict.kind === "queued") return next()
  const log = loggerOf(req)
  if (verdict.kind === "worker") {
    try {
      await queueNotification(
        verdict.target,
        queuedNotification(
          { provider, payload },
          verdict.session_id,
          verdict.cart_id
        ),
        log
      )
    } catch (error) {
      log.warn(
        `notification for ${verdict.order_no} not queued for the worker, handed to Medusa's queue: ${thrownMessage(error)}`
      )
      return next()
    }
    res.sendStatus(200)
    return
  }
  try {
    const outcome = await handleNotificationWithin(
      req.scope,
      { provider, payload },
      PROMPT_BUDGET_MS,
      (error) =>
        log.warn(
          `notification for ${verdict.order_no} failed after its time here; its queued copy handles it: ${thrownMessage(error)}`
        )
    )
    // still under way: queued too, so the acquirer has its answer before its time-out
    if (outcome === "late") return next()
  } catch (error) {
    log.warn(
      `notification for ${verdict.order_no} not handled at once, handed to Medusa's queue: ${thrownMessage(error)}`
    )
    return next()
  }
  res.sendStatus(200)
}

type DoorVerdict =
  | { kind: "refused"; refusal: RefusalInput }
  /** Medusa's route queues it: the operator asked so, or this instance cannot verify it */
  | { kind: "queued" }
  | { kind: "now"; order_no: string }
  | {
      kind: "worker"
      order_no: string
      session_id: string
      /** known from the session's record: the worker need not look it up */
      cart_id?: string
      target: QueueTarget
    }

async function judge(
  entry: ProviderEntryRef,
  payload: ProviderWebhookPayload["payload"],
  configModule: unknown
): Promise<DoorVerdict> {
  const triage = await triageNotification(entry, payload)
  if (triage.kind === "unverifiable") return { kind: "queued" }
  if (triage.kind === "refused")
    return { kind: "refused", refusal: triage.refusal }
  try {
    triage.core.gateway.verifyNotification(triage.fields)
  } catch (error) {
    return {
      kind: "refused",
      refusal: {
        provider_id: entry.provider_id,
        reason: refusalReason(error),
        ...triage.payment,
      },
    }
  }
  const order_no = triage.payment.order_no
  if (notificationHandlingOf(entry.raw) === "queued") return { kind: "queued" }
  const target = notificationQueueTarget(entry.raw, configModule)
  // "worker" with no Redis named anywhere: handled here, as by default (the operator was told at start-up)
  if (target)
    return {
      kind: "worker",
      order_no,
      session_id: triage.payment.session_id,
      cart_id: triage.cart_id,
      target: { redis_url: target.redis_url, prefix: target.prefix },
    }
  return { kind: "now", order_no }
}

function providerId(provider: string): string {
  return `pp_${provider.replace(/^pp_/, "")}`
}

function loggerOf(req: MedusaRequest): RefusalLog {
  try {
    return pluginRefusalLog(req.scope.resolve<PluginLogger>("logger"))
  } catch {
    return { warn: () => undefined }
  }
}
