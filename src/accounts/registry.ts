/**
 * The registry of provider cores, keyed by full provider id
 * (pp_acquiring-card_<id>) and the admin account serving the payment. A
 * core's options are the entry's options in medusa-config (the defaults)
 * overlaid by that account; the core, and so its gateway client, is rebuilt
 * when the account changes. Provider instances, routes, workflows,
 * subscribers and jobs all read cores here.
 */
import { MedusaError } from "@medusajs/framework/utils"
import {
  accountFor,
  cartInScope,
  type CartLimits,
  type AccountRecord,
  type CartScope,
} from "./account-record"
import { accountFieldOf } from "./account-fields"
import { accountSource } from "./account-source"
import { accountOverlay, effectiveOptions } from "./effective-options"
import {
  decryptSecret,
  MISSING_KEY_MESSAGE,
  settingsKeyFromEnv,
  SettingsKeyError,
} from "./secret-box"
import { createCore, type PluginLogger, type ProviderCore } from "./core"
import { AcquiringOptionsError } from "./options"
import { PaymentsUnavailableError } from "./payments-unavailable"
import {
  entryForId,
  entryForOptions,
  fullProviderId,
  splitProviderId,
  type AcquiringIdentifier,
} from "./provider-entries"

interface Scope {
  resolve<T = unknown>(key: string): T
}

export const NOT_CONFIGURED_MESSAGE =
  "Acquiring is not configured: add an account in Settings → Acquiring"

/** Why a provider id has no entry: the fix is in medusa-config, not the admin. */
export function missingEntryMessage(id: string): string {
  return `No acquiring provider with id "${id}" is configured in the payment module: add { resolve: "medusa-payment-acquiring/providers/acquiring", id: "${id}", options: {} } to the payment module's providers in medusa-config.ts and restart (the plugin entry alone does not register the providers)`
}

/** A provider entry of medusa-config: what is fixed for the life of the process. */
export interface ProviderEntryRef {
  provider_id: string
  entry_id: string
  identifier: AcquiringIdentifier
  /** the entry's options as written in medusa-config */
  raw: unknown
  logger?: PluginLogger
}

/**
 * Which account a core is for: the one a payment began with (`account_id`;
 * null = medusa-config alone), the live account a notification names
 * (payments from before the account was recorded), or the one serving a
 * new payment for a cart of this currency, sales channel and region.
 */
export interface AccountChoice extends CartScope {
  account_id?: string | null
  currency?: string
  names?: { merchant_id?: unknown; account_id?: unknown }
}

type BuiltCore = { raw: unknown; version: string; core: ProviderCore }

/**
 * Cores built so far, per logger: Medusa hands a provider instance and a
 * request's scope different logger objects, and a core logs through the
 * one it was built with, so each keeps its own rather than one core being
 * rebuilt (its gateway client and every schema) each time the caller
 * changes. A core built without a logger (a check outside a request) is
 * never handed to a caller with one.
 */
const builtCores = new WeakMap<object, Map<string, BuiltCore>>()
const WITHOUT_LOGGER = {}

function coresOf(logger: PluginLogger | undefined): Map<string, BuiltCore> {
  const owner = logger ?? WITHOUT_LOGGER
  let cores = builtCores.get(owner)
  if (!cores) builtCores.set(owner, (cores = new Map()))
  return cores
}

/** The entry of a provider instance, from the options Medusa built it with. */
export function entryForProvider(
  configModule: unknown,
  identifier: AcquiringIdentifier,
  options: unknown,
  logger?: PluginLogger
): ProviderEntryRef {
  const entry = entryForOptions(configModule, options)
  return {
    provider_id: fullProviderId(identifier, entry.id),
    entry_id: entry.id,
    identifier,
    raw: entry.options,
    logger,
  }
}

/** The entry behind a full provider id, for routes, workflows, subscribers and jobs. */
export function entryFor(scope: Scope, providerId: string): ProviderEntryRef {
  const parts = splitProviderId(providerId)
  if (!parts) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `${providerId} is not an acquiring payment provider`
    )
  }
  const entry = entryForId(scope.resolve("configModule"), parts.id)
  if (!entry) throw new PaymentsUnavailableError(missingEntryMessage(parts.id))
  let logger: PluginLogger | undefined
  try {
    logger = scope.resolve<PluginLogger>("logger")
  } catch {
    logger = undefined
  }
  return {
    provider_id: fullProviderId(parts.identifier, entry.id),
    entry_id: entry.id,
    identifier: parts.identifier,
    raw: entry.options,
    logger,
  }
}

function chooseAccount(
  accounts: AccountRecord[],
  entry: ProviderEntryRef,
  choice: AccountChoice
): AccountRecord | undefined {
  if (choice.names) {
    const { merchant_id, account_id } = choice.names
    const named = accounts.filter(
      (a) =>
        a.merchant_id === merchant_id &&
        a.account_id === account_id &&
        (!a.providers?.length || a.providers.includes(entry.provider_id))
    )
    // a deleted account's key never verifies anything it names: medusa-config's does, or nothing
    return named.find((a) => !a.deleted_at)
  }
  if (choice.account_id === null) return undefined
  if (choice.account_id) {
    const kept = accounts.find((a) => a.id === choice.account_id)
    if (kept) return kept
  }
  return accountFor(accounts, entry.provider_id, choice)
}

/** "currencies usd; sales channels sc_1", what medusa-config's options limit */
function configScopeWords(limits: CartLimits): string {
  return [
    limits.currencies?.length && `currencies ${limits.currencies.join(", ")}`,
    limits.sales_channels?.length &&
      `sales channels ${limits.sales_channels.join(", ")}`,
    limits.regions?.length && `regions ${limits.regions.join(", ")}`,
  ]
    .filter(Boolean)
    .join("; ")
}

/** "USD, sales channel sc_1, region reg_1": what of a cart is known */
function cartWords(cart: CartScope): string {
  return [
    cart.currency?.toUpperCase(),
    cart.sales_channel_id && `sales channel ${cart.sales_channel_id}`,
    cart.region_id && `region ${cart.region_id}`,
  ]
    .filter(Boolean)
    .join(", ")
}

/** Why no account serves a payment when medusa-config alone is not enough. */
function noAccountMessage(
  accounts: AccountRecord[],
  entry: ProviderEntryRef,
  choice: AccountChoice
): string {
  const currency = choice.currency
  const mine = accounts.filter(
    (a) =>
      !a.deleted_at &&
      (!a.providers?.length || a.providers.includes(entry.provider_id))
  )
  const disabled = mine.filter((a) => !a.enabled)
  if (mine.length && disabled.length === mine.length)
    return `Acquiring account "${disabled[0].name}" is disabled and no other account serves card payments: open it in Settings → Acquiring and turn Enabled on`
  const where = [
    choice.sales_channel_id && `sales channel ${choice.sales_channel_id}`,
    choice.region_id && `region ${choice.region_id}`,
  ].filter(Boolean)
  if (where.length && accountFor(accounts, entry.provider_id, { currency }))
    return `No enabled acquiring account serves carts of ${where.join(" in ")}: add it to an account's sales channels or regions in Settings → Acquiring (or leave an account's sales channels and regions empty to serve every cart)`
  if (currency && mine.some((a) => a.enabled))
    return `No enabled acquiring account serves ${currency.toUpperCase()}: add ${currency.toUpperCase()} to an account's currencies in Settings → Acquiring (or leave its currencies empty to serve every currency)`
  return NOT_CONFIGURED_MESSAGE
}

function signKeyOf(account: AccountRecord): string | undefined {
  if (!account.sign_key_encrypted) return undefined
  try {
    const key = settingsKeyFromEnv()
    if (!key) throw new SettingsKeyError(MISSING_KEY_MESSAGE)
    return decryptSecret(account.sign_key_encrypted, key)
  } catch (error) {
    if (!(error instanceof SettingsKeyError)) throw error
    throw new PaymentsUnavailableError(
      `Acquiring account "${account.name}": ${error.message} Then open the account in Settings → Acquiring and use Replace to store its sign key again if the key changed.`
    )
  }
}

/** A core for one payment (or notification): medusa-config overlaid by the account chosen. */
export async function resolveCore(
  entry: ProviderEntryRef,
  choice: AccountChoice = {}
): Promise<ProviderCore> {
  const accounts = await accountSource().accounts()
  const account = chooseAccount(accounts, entry, choice)
  const core = await coreOf(entry, accounts, account, choice)
  // a new payment of a cart medusa-config's options do not serve (their currencies, sales channels, regions)
  const fresh = choice.account_id === undefined && !choice.names
  if (!account && fresh && !cartInScope(core.options, choice))
    throw new PaymentsUnavailableError(
      `No enabled acquiring account serves this cart (${cartWords(choice)}), and medusa-config's options for ${entry.provider_id} serve only ${configScopeWords(core.options)}: add an account serving it in Settings → Acquiring, or widen medusa-config's currencies, sales_channels or regions`
    )
  return core
}

async function coreOf(
  entry: ProviderEntryRef,
  accounts: AccountRecord[],
  account: AccountRecord | undefined,
  choice: AccountChoice
): Promise<ProviderCore> {
  const key = `${entry.provider_id}|${account?.id ?? "config"}`
  const version = account ? new Date(account.updated_at).toISOString() : ""
  const cores = coresOf(entry.logger)
  const known = cores.get(key)
  if (known && known.raw === entry.raw && known.version === version)
    return known.core
  let options
  try {
    options = effectiveOptions(
      entry.raw,
      account ? accountOverlay(account, signKeyOf(account)) : undefined
    )
  } catch (error) {
    if (!(error instanceof AcquiringOptionsError)) throw error
    if (!account)
      throw new PaymentsUnavailableError(
        noAccountMessage(accounts, entry, choice)
      )
    throw new PaymentsUnavailableError(
      `Acquiring account "${account.name}" is incomplete: ${error.issues.map((i) => `${accountFieldOf(i.path)}: ${i.message}`).join("; ")}`
    )
  }
  const core = createCore({
    identifier: entry.identifier,
    entry_id: entry.entry_id,
    options,
    logger: entry.logger,
    account: account
      ? { id: account.id, name: account.name, mode: options.mode }
      : { id: null, name: null, mode: options.mode },
  })
  cores.set(key, { raw: entry.raw, version, core })
  return core
}

/** The core behind a full provider id for a payment: `choice` as in resolveCore. */
export async function coreFor(
  scope: Scope,
  providerId: string,
  choice: AccountChoice = {}
): Promise<ProviderCore> {
  return resolveCore(entryFor(scope, providerId), choice)
}

/** The account a stored payment began with, and its currency, as a choice. */
export function choiceOf(data: {
  account?: { id: string | null } | undefined
  currency?: string | undefined
}): AccountChoice {
  return data.account
    ? { account_id: data.account.id, currency: data.currency }
    : { currency: data.currency }
}
