/**
 * Every configuration fault that refuses card payments right now, found
 * the way a payment would meet it (the registry's own resolution, no
 * request to the acquirer): for the banner on Settings → Acquiring and the
 * order widget, and for the start-up log.
 */
import { accountSource } from "./account-source"
import { serves } from "./account-record"
import { settingsKeyFromEnv, SettingsKeyError } from "./secret-box"
import { acquiringEntries, IDENTIFIERS } from "./provider-entries"
import { PaymentsUnavailableError } from "./payments-unavailable"
import { entryFor, resolveCore } from "./registry"
import type { ConfigurationFault } from "../admin-contract/settings"

export type { ConfigurationFault }

export const NO_PROVIDER_ENTRY_MESSAGE =
  'No acquiring payment provider is registered: add { resolve: "medusa-payment-acquiring/providers/acquiring", id: "acquiring", options: {} } to the payment module\'s providers in medusa-config.ts and restart (the plugin entry alone does not register the providers)'

function scopeOf(configModule: unknown, logger: unknown) {
  const known: Record<string, unknown> = { configModule, logger }
  return {
    resolve<T>(key: string): T {
      if (known[key] === undefined) throw new Error(`${key} is not available`)
      return known[key] as T
    },
  }
}

async function faultOf(
  work: () => Promise<unknown>
): Promise<string | undefined> {
  try {
    await work()
    return undefined
  } catch (error) {
    if (error instanceof PaymentsUnavailableError) return error.message
    throw error
  }
}

export async function configurationFaults(
  configModule: unknown,
  logger?: unknown
): Promise<ConfigurationFault[]> {
  const entries = acquiringEntries(configModule)
  if (!entries.length)
    return [
      { reason: NO_PROVIDER_ENTRY_MESSAGE, providers: [], account_id: null },
    ]
  const found = new Map<string, ConfigurationFault>()
  const add = (reason: string, provider: string, account: string | null) => {
    const known = found.get(reason)
    if (known) {
      if (!known.providers.includes(provider)) known.providers.push(provider)
      return
    }
    found.set(reason, { reason, providers: [provider], account_id: account })
  }
  try {
    settingsKeyFromEnv()
  } catch (error) {
    if (!(error instanceof SettingsKeyError)) throw error
    found.set(error.message, {
      reason: error.message,
      providers: [],
      account_id: null,
    })
  }
  const accounts = await accountSource().accounts()
  const scope = scopeOf(configModule, logger)
  for (const entry of entries) {
    for (const identifier of IDENTIFIERS) {
      const ref = entryFor(scope, `pp_${identifier}_${entry.id}`)
      const serving = accounts.filter((a) => serves(a, ref.provider_id))
      for (const account of serving) {
        const reason = await faultOf(() =>
          resolveCore(ref, { account_id: account.id })
        )
        if (reason) add(reason, ref.provider_id, account.id)
      }
      if (!serving.length) {
        const reason = await faultOf(() => resolveCore(ref))
        if (reason) add(reason, ref.provider_id, null)
      }
    }
  }
  return [...found.values()]
}
