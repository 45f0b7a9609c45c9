/**
 * The acquiring entries of the payment module's `providers` in
 * medusa-config, and the full provider ids they register
 * (pp_<identifier>_<id>). Found by rule, never guessed: an entry is ours when
 * its `resolve` names this provider, and a provider instance is the entry
 * whose options it was built with.
 */
import { isDeepStrictEqual } from "node:util"

export const IDENTIFIERS = ["acquiring-card", "acquiring-hosted"] as const
export type AcquiringIdentifier = (typeof IDENTIFIERS)[number]

export interface ProviderEntry {
  resolve: unknown
  id: string
  options: unknown
}

function paymentProviderEntries(configModule: unknown): ProviderEntry[] {
  const modules = (configModule as { modules?: unknown } | undefined)?.modules
  const list: unknown[] = Array.isArray(modules)
    ? modules
    : modules && typeof modules === "object"
      ? Object.values(modules)
      : []
  const entries: ProviderEntry[] = []
  for (const module of list) {
    const providers = (
      module as { options?: { providers?: unknown } } | undefined
    )?.options?.providers
    if (!Array.isArray(providers)) continue
    for (const entry of providers as Partial<ProviderEntry>[]) {
      if (entry && typeof entry.id === "string") {
        entries.push({
          resolve: entry.resolve,
          id: entry.id,
          options: entry.options ?? {},
        })
      }
    }
  }
  return entries
}

/** `medusa-payment-acquiring/providers/acquiring`, or a path ending in the built provider folder. */
export function resolvesToThisProvider(resolve: unknown): boolean {
  if (typeof resolve !== "string") return false
  const path = resolve.replace(/\\/g, "/").replace(/\/(index(\.js)?)?$/, "")
  return /(^|\/)providers\/acquiring$/.test(path)
}

export function acquiringEntries(configModule: unknown): ProviderEntry[] {
  return paymentProviderEntries(configModule).filter((entry) =>
    resolvesToThisProvider(entry.resolve)
  )
}

export class ProviderEntryError extends Error {
  override name = "ProviderEntryError"
}

/** The entry a provider instance was built from: the same options object, else equal options, and exactly one. */
export function entryForOptions(
  configModule: unknown,
  options: unknown
): ProviderEntry {
  const entries = acquiringEntries(configModule)
  const same = entries.filter((entry) => entry.options === options)
  const matches = same.length
    ? same
    : entries.filter((entry) => isDeepStrictEqual(entry.options, options))
  if (matches.length === 1) return matches[0]
  if (matches.length === 0) {
    throw new ProviderEntryError(
      "acquiring payment provider: no entry of the payment module's providers in medusa-config resolves to medusa-payment-acquiring/providers/acquiring with these options"
    )
  }
  throw new ProviderEntryError(
    `acquiring payment provider: the entries ${matches.map((m) => `"${m.id}"`).join(", ")} have identical options; give each its own account or settings`
  )
}

/** The entry registered under `id`. */
export function entryForId(
  configModule: unknown,
  id: string
): ProviderEntry | undefined {
  return acquiringEntries(configModule).find((entry) => entry.id === id)
}

export function fullProviderId(
  identifier: AcquiringIdentifier,
  id: string
): string {
  return `pp_${identifier}_${id}`
}

/** pp_acquiring-card_acquiring → { identifier: "acquiring-card", id: "acquiring" } */
export function splitProviderId(
  providerId: string
): { identifier: AcquiringIdentifier; id: string } | null {
  const match = /^(?:pp_)?(acquiring-card|acquiring-hosted)_(.+)$/.exec(
    providerId
  )
  return match
    ? { identifier: match[1] as AcquiringIdentifier, id: match[2] }
    : null
}

/** The hosted-page provider of the configured entry a provider id belongs to (a card provider's twin, or itself). */
export function hostedProviderOf(
  configModule: unknown,
  providerId: string
): string | undefined {
  const split = splitProviderId(providerId)
  return split && entryForId(configModule, split.id)
    ? fullProviderId("acquiring-hosted", split.id)
    : undefined
}

/** Every configured entry's provider ids of one kind, in medusa-config's order. */
export function configuredProviderIds(
  configModule: unknown,
  identifier: AcquiringIdentifier
): string[] {
  return acquiringEntries(configModule).map((entry) =>
    fullProviderId(identifier, entry.id)
  )
}

export function isAcquiringProvider(
  providerId: string | null | undefined
): boolean {
  return !!providerId && splitProviderId(providerId) !== null
}
