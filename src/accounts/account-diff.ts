/**
 * What a save changed in an account, field by field, for the audit. Values
 * are compared as what they mean: currencies and providers as sets, the
 * `advanced` overrides as JSON whatever their key order (empty or null
 * overrides alike: both leave everything to medusa-config). Non-secret
 * values are kept before and after; the sign key only as set or replaced.
 */
import type {
  AuditValue,
  SettingsFieldChange,
} from "../modules/acquiring/types"
import type { AccountValues } from "./account-record"
import {
  decryptSecret,
  settingsKeyFromEnv,
  SettingsKeyError,
} from "./secret-box"

type Comparison = "value" | "set" | "overrides"

/**
 * Every account field but the sign key's, and how its values compare: a
 * field added to the account fails to compile here until the audit knows it.
 */
const AUDITED: Record<
  Exclude<keyof AccountValues, "sign_key_encrypted" | "sign_key_updated_at">,
  Comparison
> = {
  name: "value",
  enabled: "value",
  mode: "value",
  merchant_id: "value",
  account_id: "value",
  base_url: "value",
  currencies: "set",
  providers: "set",
  sales_channels: "set",
  regions: "set",
  website_url: "value",
  backend_url: "value",
  storefront_url: "value",
  three_d_secure: "value",
  auto_capture: "value",
  capture_on: "value",
  order_prefix: "value",
  timeout_ms: "value",
  advanced: "overrides",
  availability: "overrides",
}

type AuditedField = keyof typeof AUDITED

/** In the form's order, so an entry reads as the form does. */
const AUDITED_FIELDS = Object.keys(AUDITED) as AuditedField[]

/** A stored value as JSON: dates as ISO text, undefined as null. */
export function auditValue(value: unknown): AuditValue {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return value.map(auditValue)
  if (typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, entry]) => entry !== undefined)
        .map(([key, entry]) => [key, auditValue(entry)])
    )
  }
  if (
    typeof value === "string" ||
    typeof value === "number" ||
    typeof value === "boolean"
  )
    return value
  return String(value)
}

/** One text per meaning: object keys in order, sets sorted, empty overrides as none. */
function canonical(value: AuditValue, comparison: Comparison): string {
  if (comparison === "set") {
    const items = Array.isArray(value) ? value : []
    return JSON.stringify(
      [...new Set(items.map((item) => stable(item)))].sort()
    )
  }
  if (comparison === "overrides") {
    const set =
      value && typeof value === "object" && !Array.isArray(value)
        ? Object.entries(value).filter(([, entry]) => entry !== null)
        : []
    return set.length ? stable(Object.fromEntries(set)) : "null"
  }
  return stable(value)
}

function stable(value: AuditValue): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stable(value[key])}`)
      .join(",")}}`
  }
  return JSON.stringify(value)
}

/** What a value means as an audit entry shows it: empty overrides are none. */
function shown(value: AuditValue, comparison: Comparison): AuditValue {
  return comparison === "overrides" && canonical(value, comparison) === "null"
    ? null
    : value
}

export type SignKeyChange = "set" | "replaced" | null

/**
 * How a posted sign key changes the stored one: null when none was posted
 * or it is the key already stored (a form sending it again changes
 * nothing); a stored key this instance cannot read is replaced.
 */
export function signKeyChange(
  sealed: string | null,
  posted: string | undefined,
  settingsKey: () => Buffer | null = settingsKeyFromEnv
): SignKeyChange {
  if (posted === undefined) return null
  if (!sealed) return "set"
  try {
    const key = settingsKey()
    return key && decryptSecret(sealed, key) === posted ? null : "replaced"
  } catch (error) {
    if (error instanceof SettingsKeyError) return "replaced"
    throw error
  }
}

/**
 * The fields a save changed, by name: before → after for each non-secret
 * field whose meaning changed, then the sign key when it was set or
 * replaced. `before` null is a new account: every field it sets.
 */
export function accountChanges(
  before: AccountValues | null,
  after: AccountValues,
  signKey: SignKeyChange
): SettingsFieldChange[] {
  const changes: SettingsFieldChange[] = []
  for (const field of AUDITED_FIELDS) {
    const comparison = AUDITED[field]
    const from = shown(auditValue(before?.[field]), comparison)
    const to = shown(auditValue(after[field]), comparison)
    if (canonical(from, comparison) !== canonical(to, comparison))
      changes.push({ field, from, to })
  }
  if (signKey) changes.push({ field: "sign_key", change: signKey })
  return changes
}
