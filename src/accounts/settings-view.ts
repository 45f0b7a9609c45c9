/**
 * What GET /admin/acquiring/settings answers: the saved accounts, whether
 * sign keys can be stored, and per provider the notify URL to register
 * with the acquirer, who serves its payments now, each effective value with
 * its source, and what medusa-config alone gives (what a blank account
 * field falls back on).
 */
import { AcquiringOptionsError, parseAcquiringOptions } from "./options"
import { acquiringEntries, IDENTIFIERS } from "./provider-entries"
import {
  accountFor,
  accountView,
  type AccountRecord,
  type AccountView,
} from "./account-record"
import { accountOverlay, effectiveView } from "./effective-options"
import { settingsKeyFromEnv } from "./secret-box"
import type { ProviderSettings, Serving } from "../admin-contract/settings"

export type { Serving }

export type ProviderSettingsView = ProviderSettings

export function encryptionReady(): boolean {
  try {
    return settingsKeyFromEnv() !== null
  } catch {
    return false
  }
}

/** Whether medusa-config's options alone could serve payments. */
export function optionsComplete(raw: unknown): boolean {
  try {
    parseAcquiringOptions(raw ?? {})
    return true
  } catch (error) {
    if (!(error instanceof AcquiringOptionsError)) throw error
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
      const enabled = accountFor(live, id)
      const configComplete = optionsComplete(entry.options)
      // the account that would serve were it enabled, when no enabled one does
      const disabled = enabled
        ? undefined
        : accountFor(
            live.map((a) => ({ ...a, enabled: true })),
            id
          )
      const serving: Serving = enabled
        ? "account"
        : configComplete
          ? "config"
          : disabled
            ? "disabled"
            : "none"
      const shown = enabled ?? (serving === "disabled" ? disabled : undefined)
      const effective = effectiveView(
        entry.options,
        shown
          ? accountOverlay(
              shown,
              // shown as set / not set only: the key is never decrypted here
              shown.sign_key_encrypted ? "set" : undefined
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
        account_id: shown?.id ?? null,
        serving,
        config_complete: configComplete,
        effective,
        inherited: effectiveView(entry.options, undefined),
      }
    })
  )
  return {
    accounts: live.map(accountView),
    encryption_ready: encryptionReady(),
    providers,
  }
}
