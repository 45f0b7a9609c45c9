/**
 * What Settings → Acquiring says about who serves payments, read from one
 * answer of GET /admin/acquiring/settings: the accounts, and per provider
 * who serves it (`serving`), whether medusa-config alone is complete, the
 * values in force and what medusa-config and the defaults give without an
 * account (`inherited`). Every sentence here is derived from those facts,
 * so the page never promises a fallback that does not exist.
 */
import type {
  Account,
  ConfigurationFault,
  EffectiveValues,
  ProviderSettings,
  SettingsAnswer,
  ValueSource,
} from "../../../../lib/settings-api"
import { OPTION_OF_FIELD } from "./account-fallbacks"
import { optionValueText, SOURCE_WORDS } from "./option-values"

export const PROVIDER_TITLES: Record<ProviderSettings["identifier"], string> = {
  "acquiring-card": "Card on the store's page",
  "acquiring-hosted": "Hosted payment page",
}

/** What a shopper meets when nothing serves a provider. */
export const SHOPPERS_REFUSED =
  'shoppers are told "Card payments are unavailable right now" at checkout, and a storefront built on the kit hides the option'

// the providers as the subject of a sentence
const NAMES: Record<ProviderSettings["identifier"], string> = {
  "acquiring-card": "the card form on the store's page",
  "acquiring-hosted": "the hosted payment page",
}

function listText(items: string[]): string {
  if (items.length <= 1) return items.join("")
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`
}

const names = (providers: ProviderSettings[]) =>
  listText(providers.map((p) => NAMES[p.identifier] ?? p.id))

/** "uses" for one provider, "use" for several */
const verb = (word: string, providers: ProviderSettings[]) =>
  providers.length > 1 ? word : `${word}s`

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** The line under the accounts when there are none. */
export function noAccountText(providers: ProviderSettings[]): string {
  const fromConfig = providers.filter((p) => p.config_complete)
  const refused = providers.filter((p) => !p.config_complete)
  if (!providers.length)
    return "No account yet, and no acquiring provider is registered in medusa-config (see the banner)."
  if (!refused.length)
    return "No account yet: the providers use the values in medusa-config."
  if (!fromConfig.length)
    return `No account yet, and medusa-config's provider options are not complete: card payments are refused until you add an account; ${SHOPPERS_REFUSED}.`
  return `No account yet: ${names(fromConfig)} ${verb("use", fromConfig)} the values in medusa-config; ${names(refused)} ${verb("refuse", refused)} card payments until you add an account.`
}

const nameOf = (accounts: Account[], id: string | null) =>
  accounts.find((a) => a.id === id)?.name ?? "?"

/** Whether an account would serve the provider (ignoring currencies and whether it is enabled). */
export function accountServes(account: Account, providerId: string): boolean {
  return !account.providers.length || account.providers.includes(providerId)
}

/** Who serves a provider's new payments, in one sentence; `refused` when nobody does. */
export function servingText(
  provider: ProviderSettings,
  accounts: Account[],
  faults: ConfigurationFault[] = []
): { refused: boolean; text: string } {
  const name = nameOf(accounts, provider.account_id)
  switch (provider.serving) {
    case "account": {
      // an enabled account that cannot be used (incomplete, its key unreadable)
      const fault = faults.find(
        (f) =>
          f.account_id === provider.account_id &&
          (!f.providers.length || f.providers.includes(provider.id))
      )
      return fault
        ? {
            refused: true,
            text: `Card payments refused: the account "${name}" serves it but cannot be used, so ${SHOPPERS_REFUSED}. ${fault.reason.replace(/\.$/, "")}.`,
          }
        : { refused: false, text: `Served by the account "${name}".` }
    }
    case "config": {
      const off = accounts.filter(
        (a) => !a.enabled && accountServes(a, provider.id)
      )
      return {
        refused: false,
        text: off.length
          ? `Served by the values in medusa-config: the account "${off[0].name}" is disabled.`
          : "Served by the values in medusa-config: no account serves it.",
      }
    }
    case "disabled":
      return {
        refused: true,
        text: `Card payments refused: the account "${name}" is disabled and medusa-config's options are not complete, so ${SHOPPERS_REFUSED}. Below: the account's saved values, in force again once it is enabled.`,
      }
    default:
      return {
        refused: true,
        text: `Card payments refused: no account, and medusa-config's options are not complete, so ${SHOPPERS_REFUSED}. Add an account.`,
      }
  }
}

export interface ValueRow {
  /** the option name, or "capture" for capture_on and auto_capture together */
  option: string
  label: string
  text: string
  /** null: nothing is in force, so nothing to name */
  source: ValueSource | null
}

function isMissing(option: string, value: unknown): boolean {
  if (option === "sign_key") return value !== "set"
  return value === null || value === undefined || value === ""
}

// options that are empty on purpose: what stands in for them is a value too
const EMPTY_IS_A_VALUE = new Set([
  "storefront_cancel_url",
  "recipes",
  "status_codes",
  "limits",
])

/**
 * The rows of a provider's values: each option with its source, and the
 * moment of capture as one row ("capture"): capture_on when set,
 * auto_capture's meaning otherwise (the server resolves them into
 * capture_on and names the source that decided).
 */
export function valueRows(effective: EffectiveValues): ValueRow[] {
  const rows: ValueRow[] = []
  for (const [option, { value, source }] of Object.entries(effective)) {
    if (option === "auto_capture") continue
    if (option === "capture_on") {
      rows.push({
        option: "capture",
        label: "capture",
        text: optionValueText("capture_on", value),
        source,
      })
      continue
    }
    const missing = isMissing(option, value) && !EMPTY_IS_A_VALUE.has(option)
    rows.push({
      option,
      label: option,
      text: missing ? "not set" : optionValueText(option, value),
      source: missing ? null : source,
    })
  }
  return rows
}

/** The providers an account serves among those configured. */
function providersOf(account: Account, providers: ProviderSettings[]) {
  return providers.filter((p) => accountServes(account, p.id))
}

function coversCurrencies(other: Account, account: Account): boolean {
  if (!other.currencies.length) return true
  if (!account.currencies.length) return false
  return account.currencies.every((c) => other.currencies.includes(c))
}

/**
 * What shoppers meet once the account no longer serves (disabled or
 * deleted): null when another enabled account takes over everything it
 * served, or when it served nothing (it is disabled already).
 */
export function afterAccountText(
  account: Account,
  data: Pick<SettingsAnswer, "accounts" | "providers">
): string | null {
  if (!account.enabled) return null
  const orphaned = providersOf(account, data.providers).filter(
    (p) =>
      !data.accounts.some(
        (other) =>
          other.id !== account.id &&
          other.enabled &&
          accountServes(other, p.id) &&
          coversCurrencies(other, account)
      )
  )
  if (!orphaned.length) return null
  const fromConfig = orphaned.filter((p) => p.config_complete)
  const refused = orphaned.filter((p) => !p.config_complete)
  const parts: string[] = []
  if (fromConfig.length)
    parts.push(
      `${names(fromConfig)} then ${verb("take", fromConfig)} the values in medusa-config`
    )
  if (refused.length)
    parts.push(
      `${names(refused)} then ${verb("refuse", refused)} card payments (no other account, and medusa-config's options are not complete): ${SHOPPERS_REFUSED}`
    )
  const currencies = account.currencies.length
    ? ` That concerns payments in ${account.currencies.map((c) => c.toUpperCase()).join(", ")}.`
    : ""
  return `${capital(parts.join("; "))}.${currencies}`
}

const KEPT =
  "Payments it already took keep it for capture and refunds, even after deletion."

/** The delete confirmation: what really follows. */
export function deletePrompt(
  account: Account,
  data: Pick<SettingsAnswer, "accounts" | "providers">
): { title: string; description: string; confirmText: string } {
  const after = afterAccountText(account, data)
  const now = !account.enabled
    ? "It is disabled and serves no new payment: nothing changes for shoppers."
    : after
      ? `It is the last account serving its payments. ${after}`
      : "Other enabled accounts serve its payments from now on."
  return {
    title: `Delete ${account.name}?`,
    description: `${now} ${KEPT}`,
    confirmText: "Delete",
  }
}

/** The confirmation before disabling the last account serving a provider; null: nothing to ask. */
export function disablePrompt(
  account: Account,
  data: Pick<SettingsAnswer, "accounts" | "providers">
): { title: string; description: string; confirmText: string } | null {
  const after = afterAccountText(account, data)
  if (!after) return null
  return {
    title: `Disable ${account.name}?`,
    description: `It is the last account serving its payments. ${after} Payments it already took keep it for capture and refunds.`,
    confirmText: "Disable",
  }
}

/** Account fields whose blank (null) is something of its own, not a fallback. */
const BLANK_WORDS: Record<string, string> = {
  advanced: "none",
  availability: "every cart",
}

/**
 * What an account field left blank (null in the audit) stands for, from
 * the providers' inherited values: "medusa-config (https://…)", "default
 * (manual)", or "not set" when neither gives one. When the providers
 * disagree, both words.
 */
export function blankText(
  field: string,
  providers: Pick<ProviderSettings, "inherited">[]
): string {
  if (field in BLANK_WORDS) return BLANK_WORDS[field]
  const option =
    field === "auto_capture"
      ? "auto_capture"
      : OPTION_OF_FIELD[field as keyof typeof OPTION_OF_FIELD]
  if (!option || !providers.length) return "medusa-config or default"
  const texts = new Set(
    providers.map(({ inherited }) => {
      const view = inherited?.[option]
      if (!view || isMissing(option, view.value)) return "not set"
      if (option === "sign_key") return SOURCE_WORDS[view.source]
      const raw =
        typeof view.value === "object"
          ? JSON.stringify(view.value)
          : String(view.value)
      return `${SOURCE_WORDS[view.source]} (${raw})`
    })
  )
  return texts.size === 1 ? [...texts][0] : "medusa-config or default"
}
