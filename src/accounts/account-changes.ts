/**
 * Saving, changing and deleting accounts from the admin: the sign key
 * sealed before it is stored, the effective options of every provider the
 * account serves checked before anything is written, an audit entry per
 * change (each changed field's value before and after; the sign key only as
 * set or replaced), this instance's cached accounts dropped and
 * `acquiring.settings.changed` emitted (the instance taking it drops its
 * own; every other finds the change by the accounts' version within a
 * second, accounts/account-source.ts). A save that changes nothing writes,
 * records and emits nothing.
 */
import { MedusaError, Modules } from "@medusajs/framework/utils"
import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { accountScopeLockKey } from "../locking/locks"
import type { SettingsFieldChange } from "../modules/acquiring/types"
import type AcquiringModuleService from "../modules/acquiring/service"
import { AcquiringOptionsError } from "./options"
import {
  acquiringEntries,
  fullProviderId,
  IDENTIFIERS,
} from "./provider-entries"
import type { AccountRecord, AccountValues } from "./account-record"
import { accountChanges, signKeyChange } from "./account-diff"
import type {
  CreateAccountInput,
  UpdateAccountInput,
} from "../admin-contract/account-requests"
import { accountSource, SETTINGS_CHANGED_EVENT } from "./account-source"
import {
  findAccount,
  insertAccount,
  listAccounts,
  patchAccount,
  recordSettingsChange,
  removeAccount,
  type SettingsChange,
} from "./account-store"
import { accountOverlay, effectiveOptions } from "./effective-options"
import {
  encryptSecret,
  MISSING_KEY_MESSAGE,
  settingsKeyFromEnv,
  SettingsKeyError,
} from "./secret-box"
import { accountFieldOf } from "./account-fields"
import { checkScope, SCOPE_FIELDS } from "./account-scope"

export interface Actor {
  id: string | null
  email: string | null
}

type Scope = Pick<MedusaContainer, "resolve">

export function settingsService(scope: Scope): AcquiringModuleService {
  return scope.resolve<AcquiringModuleService>("acquiring")
}

function invalid(message: string): MedusaError {
  return new MedusaError(MedusaError.Types.INVALID_DATA, message)
}

function seal(signKey: string): string {
  let key: Buffer | null
  try {
    key = settingsKeyFromEnv()
  } catch (error) {
    if (error instanceof SettingsKeyError) throw invalid(error.message)
    throw error
  }
  if (!key) throw invalid(MISSING_KEY_MESSAGE)
  return encryptSecret(signKey, key)
}

/** Provider entries (full ids with their medusa-config options) an account serves. */
export function servedEntries(
  configModule: unknown,
  providers: readonly string[]
): { provider_id: string; raw: unknown }[] {
  return acquiringEntries(configModule).flatMap((entry) =>
    IDENTIFIERS.map((identifier) => ({
      provider_id: fullProviderId(identifier, entry.id),
      raw: entry.options,
    })).filter((p) => !providers.length || providers.includes(p.provider_id))
  )
}

/** Refuses (400, naming each field once) an account whose effective options would not be valid. */
export function checkEffective(scope: Scope, account: AccountValues): void {
  const configModule = scope.resolve("configModule")
  const entries = servedEntries(configModule, account.providers)
  if (!entries.length) {
    throw invalid(
      "providers: names no acquiring provider configured in the payment module"
    )
  }
  // each field once, with its first reason: the return and cancel URLs are
  // one field of the account, and every provider served may refuse the same
  const reasons = new Map<string, string>()
  for (const entry of entries) {
    try {
      effectiveOptions(
        entry.raw,
        // the key itself is not needed to check the rest: a stand-in marks it set
        accountOverlay(account, account.sign_key_encrypted ? "set" : undefined)
      )
    } catch (error) {
      if (!(error instanceof AcquiringOptionsError)) throw error
      for (const issue of error.issues) {
        const field = accountFieldOf(issue.path)
        // missing from the account and from medusa-config alike
        const reason = /^is required\b/.test(issue.message)
          ? "is required (medusa-config supplies none)"
          : issue.message
        if (!reasons.has(field)) reasons.set(field, reason)
      }
    }
  }
  if (reasons.size)
    throw invalid(
      [...reasons].map(([field, reason]) => `${field}: ${reason}`).join("; ")
    )
}

async function changed(
  scope: Scope,
  service: AcquiringModuleService,
  change: Pick<SettingsChange, "account_id" | "action"> & {
    changes: SettingsFieldChange[]
  },
  actor: Actor
): Promise<void> {
  await recordSettingsChange(service, {
    ...change,
    fields: change.changes.map((entry) => entry.field),
    actor_id: actor.id,
    actor_email: actor.email,
  })
  accountSource().invalidate()
  try {
    await scope
      .resolve(Modules.EVENT_BUS)
      .emit({ name: SETTINGS_CHANGED_EVENT, data: { id: change.account_id } })
  } catch {
    // every instance finds the change by its version within a second anyway
  }
}

/** A new account's values besides its name and acquirer ids: every optional one unset (also the test fixture's base). */
export const BLANK: Omit<
  AccountValues,
  "name" | "merchant_id" | "account_id" | "base_url"
> = {
  enabled: true,
  mode: "live",
  sign_key_encrypted: null,
  sign_key_updated_at: null,
  currencies: [],
  providers: [],
  sales_channels: [],
  regions: [],
  website_url: null,
  backend_url: null,
  storefront_url: null,
  three_d_secure: null,
  auto_capture: null,
  capture_on: null,
  order_prefix: null,
  timeout_ms: null,
  advanced: null,
  availability: null,
}

/** Saves that may change which account serves a cart, one at a time across instances. */
function underScopeLock<T>(scope: Scope, job: () => Promise<T>): Promise<T> {
  return scope
    .resolve<ILockingModule>(Modules.LOCKING)
    .execute(accountScopeLockKey(), job, { timeout: 10 })
}

export async function createAccount(
  scope: Scope,
  input: CreateAccountInput,
  actor: Actor
): Promise<AccountRecord> {
  const { sign_key, ...fields } = input
  const values: AccountValues = {
    ...BLANK,
    ...fields,
    ...(sign_key !== undefined
      ? { sign_key_encrypted: seal(sign_key), sign_key_updated_at: new Date() }
      : {}),
  }
  checkEffective(scope, values)
  const service = settingsService(scope)
  // read now, not from the cache, and under the lock: two admins saving at once never both pass the tie check
  const created = await underScopeLock(scope, async () => {
    await checkScope(scope, values, await listAccounts(service))
    return insertAccount(service, values)
  })
  await changed(
    scope,
    service,
    {
      account_id: created.id,
      action: "created",
      changes: accountChanges(
        null,
        created,
        sign_key !== undefined ? "set" : null
      ),
    },
    actor
  )
  return created
}

export async function retrieveAccount(
  scope: Scope,
  id: string
): Promise<AccountRecord> {
  const account = await findAccount(settingsService(scope), id)
  if (!account)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Acquiring account ${id} was not found`
    )
  return account
}

export async function updateAccount(
  scope: Scope,
  id: string,
  input: UpdateAccountInput,
  actor: Actor
): Promise<AccountRecord> {
  const current = await retrieveAccount(scope, id)
  const { sign_key, ...fields } = input
  const signKey = signKeyChange(current.sign_key_encrypted, sign_key)
  const patch = {
    ...fields,
    ...(sign_key !== undefined && signKey
      ? { sign_key_encrypted: seal(sign_key), sign_key_updated_at: new Date() }
      : {}),
  }
  const next = { ...current, ...patch }
  checkEffective(scope, next)
  const changes = accountChanges(current, next, signKey)
  // the form sends every field: a save that changes none is not a change
  if (!changes.length) return current
  const service = settingsService(scope)
  const save = () => patchAccount(service, id, patch)
  const updated = changes.some((c) =>
    (SCOPE_FIELDS as readonly string[]).includes(c.field)
  )
    ? await underScopeLock(scope, async () => {
        await checkScope(scope, next, await listAccounts(service))
        return save()
      })
    : await save()
  await changed(
    scope,
    service,
    { account_id: id, action: "updated", changes },
    actor
  )
  return updated
}

/** Soft delete: payments that began with the account still reach it for captures and refunds. */
export async function deleteAccount(
  scope: Scope,
  id: string,
  actor: Actor
): Promise<void> {
  await retrieveAccount(scope, id)
  const service = settingsService(scope)
  await removeAccount(service, id)
  await changed(
    scope,
    service,
    { account_id: id, action: "deleted", changes: [] },
    actor
  )
}
