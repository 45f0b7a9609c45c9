/**
 * The registry of provider cores, keyed by full provider id
 * (pp_acquiring-card_<id>). Options are parsed once per provider entry; the
 * provider instances, routes, workflows, subscribers and jobs all read the
 * same cores. Built from medusa-config, which every instance shares.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { GatewayPort } from "../port/gateway-port"
import { createCore, type PluginLogger, type ProviderCore } from "./core"
import { parseAcquiringOptions, type AcquiringOptions } from "./options"
import {
  entryForId,
  entryForOptions,
  splitProviderId,
  type AcquiringIdentifier,
  type ProviderEntry,
} from "./provider-entries"

interface Scope {
  resolve<T = unknown>(key: string): T
}

const parsed = new Map<string, { raw: unknown; options: AcquiringOptions }>()
const cores = new Map<string, { raw: unknown; core: ProviderCore }>()

function optionsOf(entry: ProviderEntry): AcquiringOptions {
  const known = parsed.get(entry.id)
  if (known && known.raw === entry.options) return known.options
  const options = parseAcquiringOptions(entry.options)
  parsed.set(entry.id, { raw: entry.options, options })
  return options
}

function coreOf(
  identifier: AcquiringIdentifier,
  entry: ProviderEntry,
  logger?: PluginLogger
): ProviderCore {
  const key = `pp_${identifier}_${entry.id}`
  const known = cores.get(key)
  if (known && known.raw === entry.options) return known.core
  const core = createCore({
    identifier,
    entry_id: entry.id,
    options: optionsOf(entry),
    logger,
  })
  cores.set(key, { raw: entry.options, core })
  return core
}

/** The core of a provider instance, from the options Medusa built it with. */
export function coreForProvider(
  configModule: unknown,
  identifier: AcquiringIdentifier,
  options: unknown,
  logger?: PluginLogger
): ProviderCore {
  return coreOf(identifier, entryForOptions(configModule, options), logger)
}

/** The core behind a full provider id, for routes, workflows, subscribers and jobs. */
export function coreFor(scope: Scope, providerId: string): ProviderCore {
  const parts = splitProviderId(providerId)
  if (!parts) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `${providerId} is not an acquiring payment provider`
    )
  }
  const entry = entryForId(scope.resolve("configModule"), parts.id)
  if (!entry) {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `No acquiring provider with id "${parts.id}" is configured in the payment module`
    )
  }
  let logger: PluginLogger | undefined
  try {
    logger = scope.resolve<PluginLogger>("logger")
  } catch {
    logger = undefined
  }
  return coreOf(parts.identifier, entry, logger)
}

/** Tests: a core over a scripted gateway, registered under its provider id. */
export function registerCore(
  core: ProviderCore & { gateway: GatewayPort },
  raw: unknown
): void {
  cores.set(core.provider_id, { raw, core })
}
