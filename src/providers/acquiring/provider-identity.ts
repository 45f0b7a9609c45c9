/**
 * A provider instance is built with its options only; the `id` of its
 * entry in medusa-config (needed for notify_url) is found by looking the
 * options up in the configuration the container holds.
 */

interface ProviderEntry {
  resolve?: unknown
  id?: string
  options?: unknown
}

export const DEFAULT_PROVIDER_ID = "acquiring"

export function paymentProviderEntries(configModule: unknown): ProviderEntry[] {
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
    if (Array.isArray(providers))
      entries.push(...(providers as ProviderEntry[]))
  }
  return entries
}

function looksLikeAcquiring(entry: ProviderEntry): boolean {
  return typeof entry.resolve === "string"
    ? /acquiring/i.test(entry.resolve)
    : true
}

export function findProviderId(
  configModule: unknown,
  options: unknown
): string {
  const entries = paymentProviderEntries(configModule)
  const same = entries.find((entry) => entry.options === options && entry.id)
  if (same?.id) return same.id
  const text = safeJson(options)
  const equal = entries.filter(
    (entry) => entry.id && safeJson(entry.options) === text
  )
  if (equal.length === 1 && equal[0].id) return equal[0].id
  const acquiring = entries.filter(
    (entry) =>
      entry.id && looksLikeAcquiring(entry) && isAcquiringOptions(entry.options)
  )
  if (acquiring.length === 1 && acquiring[0].id) return acquiring[0].id
  return DEFAULT_PROVIDER_ID
}

/** The options of the provider entry registered with `id` (the part after the identifier in pp_<identifier>_<id>). */
export function findProviderOptions(
  configModule: unknown,
  id: string
): unknown {
  const matches = paymentProviderEntries(configModule).filter(
    (entry) => entry.id === id && isAcquiringOptions(entry.options)
  )
  const preferred = matches.find(looksLikeAcquiring) ?? matches[0]
  return preferred?.options
}

function isAcquiringOptions(options: unknown): boolean {
  return (
    !!options &&
    typeof options === "object" &&
    "merchant_id" in options &&
    "sign_key" in options
  )
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? ""
  } catch {
    return ""
  }
}

/** pp_acquiring-card_acquiring → { identifier: "acquiring-card", id: "acquiring" } */
export function splitProviderId(
  providerId: string
): { identifier: "acquiring-card" | "acquiring-hosted"; id: string } | null {
  const match = /^(?:pp_)?(acquiring-card|acquiring-hosted)_(.+)$/.exec(
    providerId
  )
  return match
    ? {
        identifier: match[1] as "acquiring-card" | "acquiring-hosted",
        id: match[2],
      }
    : null
}
