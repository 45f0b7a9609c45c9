/**
 * The door of the plugin's notification addresses
 * (`POST /hooks/payment/acquiring-{card,hosted}_{id}`), ahead of Medusa's
 * webhook route. A notification this instance can judge and refuses (no
 * payment behind its order number, a bad signature, another merchant's
 * account) is counted (refused-notifications.ts) and answered 200, as
 * Medusa answers every notification, without being queued: no event, no
 * handler, no row of its own. Everything else goes on to Medusa's route
 * unchanged; so does a notification this instance cannot verify (its own
 * configuration fault, a database error), which Medusa's handlers then
 * judge as before.
 */
import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { PluginLogger } from "../accounts/core"
import { isAcquiringProvider } from "../accounts/provider-entries"
import { entryFor } from "../accounts/registry"
import {
  countRefusal,
  pluginRefusalLog,
  refusalReason,
  type RefusalLog,
} from "./refused-notifications"
import { triageNotification } from "./provider-notification"

type RawRequest = MedusaRequest & { rawBody?: Buffer | string }

export async function screenNotification(
  req: RawRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
): Promise<void> {
  const provider = String(req.params.provider ?? "")
  if (req.method !== "POST" || !isAcquiringProvider(provider)) return next()
  let refused
  try {
    const entry = entryFor(req.scope, `pp_${provider.replace(/^pp_/, "")}`)
    const triage = await triageNotification(entry, {
      data: req.body as Record<string, unknown>,
      rawData: req.rawBody as Buffer,
      headers: req.headers as Record<string, unknown>,
    })
    if (triage.kind === "unverifiable") return next()
    if (triage.kind === "refused") refused = triage.refusal
    else {
      try {
        triage.core.gateway.verifyNotification(triage.fields)
        return next()
      } catch (error) {
        refused = {
          provider_id: entry.provider_id,
          reason: refusalReason(error),
          ...triage.payment,
        }
      }
    }
  } catch {
    // cannot judge it here: Medusa's handlers do, as before the door
    return next()
  }
  await countRefusal(refused, loggerOf(req))
  res.sendStatus(200)
}

function loggerOf(req: MedusaRequest): RefusalLog {
  try {
    return pluginRefusalLog(req.scope.resolve<PluginLogger>("logger"))
  } catch {
    return { warn: () => undefined }
  }
}
