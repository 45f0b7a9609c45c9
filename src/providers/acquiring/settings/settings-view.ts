/**
 * What GET /admin/acquiring/settings answers: the saved accounts, whether
 * sign keys can be stored, and per provider the notify URL to register
 * with the acquirer and each effective value with its source.
 */
import { acquiringEntries, IDENTIFIERS } from "../config/provider-entries"
import {
  accountFor,
  accountView,
  type AccountRecord,
  type AccountView,
} from "./account-record"
import {
  accountOverlay,
  effectiveView,
  type EffectiveView,
} from "./effective-options"
import { settingsKeyFromEnv } from "./secret-box"

export interface ProviderSettingsView {
  id: string
  identifier: (typeof IDENTIFIERS)[number]
  notify_url: string | null
  account_id: string | null
  effective: EffectiveView
}

export function encryptionReady(): boolean {
  try {
    return settingsKeyFromEnv() !== null
  } catch {
    return false
  }
}

export function settingsView(
  configModule: unknown,
  accounts: AccountRecord[]
): {
  accounts: AccountView[]
  encryption_ready: boolean
  providers: ProviderSettingsView[]
} {
  const live = accounts.filter((a) => !a.deleted_at)
  const providers = acquiringEntries(configModule).flatMap((entry) =>
    IDENTIFIERS.map((identifier) => {
      const id = `pp_${identifier}_${entry.id}`
      const account = accountFor(live, id)
      const effective = effectiveView(
        entry.options,
        account
          ? accountOverlay(
              account,
              // shown as set / not set only: the key is never decrypted here
              account.sign_key_encrypted ? "set" : undefined
            )
          : undefined
      )
      const backend = effective.backend_url?.value
      return {
        id,
        identifier,
        notify_url:
          typeof backend === "string"
            ? `${backend}/hooks/payment/${identifier}_${entry.id}`
            : null,
        account_id: account?.id ?? null,
        effective,
      }
    })
  )
  return {
    accounts: live.map(accountView),
    encryption_ready: encryptionReady(),
    providers,
  }
}
