/**
 * What every provider operation needs: validated options, the gateway, a
 * log that only ever sees redacted values, and the provider's identity
 * (for notify_url).
 */
import { redact, scrubText } from "../../gateway/redact"
import type { AcquiringOptions } from "./options"
import type { GatewayPort } from "./gateway-port"

export type AcquiringIdentifier = "acquiring-card" | "acquiring-hosted"

export interface PluginLogger {
  info(message: string): void
  warn(message: string): void
  error(message: string): void
  debug?(message: string): void
}

export interface CoreContext {
  options: AcquiringOptions
  gateway: GatewayPort
  identifier: AcquiringIdentifier
  /** the `id` of the provider entry in medusa-config ("acquiring" → pp_acquiring-card_acquiring) */
  provider_id: string
  log: (
    level: "info" | "warn" | "error",
    message: string,
    details?: unknown
  ) => void
}

export function notifyUrlFor(
  ctx: Pick<CoreContext, "options" | "identifier" | "provider_id">
): string {
  return `${ctx.options.backend_url}/hooks/payment/${ctx.identifier}_${ctx.provider_id}`
}

/** Browser returns live outside /store: a redirect from the service cannot carry the publishable key header. */
export function returnUrlFor(
  options: AcquiringOptions,
  sessionId: string
): string {
  return `${options.backend_url}/acquiring/return/${encodeURIComponent(sessionId)}`
}

export function cancelUrlFor(
  options: AcquiringOptions,
  sessionId: string
): string {
  return `${options.backend_url}/acquiring/cancel/${encodeURIComponent(sessionId)}`
}

export function createLog(
  logger: PluginLogger | undefined
): CoreContext["log"] {
  return (level, message, details) => {
    if (!logger) return
    try {
      const suffix =
        details === undefined ? "" : ` ${JSON.stringify(redact(details))}`
      logger[level](`${scrubText(`[acquiring] ${message}`)}${suffix}`)
    } catch {
      // logging never breaks a payment
    }
  }
}
