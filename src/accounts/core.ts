/**
 * A provider core: what every operation of one provider entry needs, built
 * once from its options. Routes, jobs, subscribers and workflows reach the
 * same core through the registry.
 */
import { redact, scrubText } from "../gateway/index"
import { moduleJournal, type Journal } from "../journal/journal"
import { moduleDisputes, type DisputeBook } from "../journal/dispute-book"
import { gatewayFor, type GatewayPort } from "./gateway-port"
import type { AcquiringOptions } from "./options"
import { fullProviderId, type AcquiringIdentifier } from "./provider-entries"

export interface PluginLogger {
  info(message: string): void
  warn(message: string): void
  error(message: string): void
  debug?(message: string): void
}

export type Log = (
  level: "info" | "warn" | "error",
  message: string,
  details?: unknown
) => void

export interface ProviderCore {
  /** pp_acquiring-card_<id> */
  provider_id: string
  /** the `id` of the provider entry in medusa-config */
  entry_id: string
  identifier: AcquiringIdentifier
  options: AcquiringOptions
  gateway: GatewayPort
  journal: Journal
  /** open chargebacks, which refuse refunds */
  disputes: DisputeBook
  log: Log
  /** the admin account the options come from (id null: medusa-config alone) */
  account: CoreAccount
}

export interface CoreAccount {
  id: string | null
  name: string | null
  mode: "test" | "live"
}

export function createLog(logger: PluginLogger | undefined): Log {
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

export function createCore(input: {
  identifier: AcquiringIdentifier
  entry_id: string
  options: AcquiringOptions
  logger?: PluginLogger
  gateway?: GatewayPort
  journal?: Journal
  disputes?: DisputeBook
  account?: CoreAccount
}): ProviderCore {
  const options = input.options
  return {
    provider_id: fullProviderId(input.identifier, input.entry_id),
    entry_id: input.entry_id,
    identifier: input.identifier,
    options,
    gateway: input.gateway ?? gatewayFor(options, input.logger),
    journal: input.journal ?? moduleJournal(),
    disputes: input.disputes ?? moduleDisputes(),
    log: createLog(input.logger),
    account: input.account ?? { id: null, name: null, mode: options.mode },
  }
}

/** notify_url of a provider: Medusa's own webhook route. */
export function notifyUrlFor(
  core: Pick<ProviderCore, "options" | "identifier" | "entry_id">
): string {
  return `${core.options.backend_url}/hooks/payment/${core.identifier}_${core.entry_id}`
}

/** Browser returns live outside /store: a redirect from the acquirer cannot carry the publishable key. */
export function returnUrlFor(options: AcquiringOptions, token: string): string {
  return `${options.backend_url}/acquiring/return/${encodeURIComponent(token)}`
}

export function cancelUrlFor(options: AcquiringOptions, token: string): string {
  return `${options.backend_url}/acquiring/cancel/${encodeURIComponent(token)}`
}
