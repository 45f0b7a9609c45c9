/**
 * Gives routes, workflows and subscribers the same core a provider
 * instance uses: the provider entry is found in medusa-config by its id
 * (pp_<identifier>_<id>), its options validated once and cached.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { CoreContext, PluginLogger } from "./core-context"
import { createCoreContext } from "./core-factory"
import { parseAcquiringOptions } from "./options"
import { findProviderOptions, splitProviderId } from "./provider-identity"

interface Resolver {
  resolve<T = unknown>(key: string): T
}

const cache = new Map<string, { raw: unknown; ctx: CoreContext }>()

export function isAcquiringProvider(
  providerId: string | null | undefined
): boolean {
  return !!providerId && splitProviderId(providerId) !== null
}

export function coreFor(scope: Resolver, providerId: string): CoreContext {
  const parts = splitProviderId(providerId)
  if (!parts) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `${providerId} is not an acquiring payment provider`
    )
  }
  const configModule = scope.resolve("configModule")
  const raw = findProviderOptions(configModule, parts.id)
  if (!raw) {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `No acquiring provider with id "${parts.id}" is configured in the payment module`
    )
  }
  const cached = cache.get(providerId)
  if (cached && cached.raw === raw) return cached.ctx
  let logger: PluginLogger | undefined
  try {
    logger = scope.resolve<PluginLogger>("logger")
  } catch {
    logger = undefined
  }
  const ctx = createCoreContext({
    options: parseAcquiringOptions(raw),
    identifier: parts.identifier,
    provider_id: parts.id,
    logger,
  })
  cache.set(providerId, { raw, ctx })
  return ctx
}
