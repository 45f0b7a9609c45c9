/** The settings answers (src/admin-contract/settings.ts) in words for the admin page. */
import type { AuditValue, SettingsChange } from "../../admin-contract/settings"

export type {
  Mode,
  ThreeDSecure,
  ValueSource,
  Account,
  AvailabilityRule,
  AccountAvailability,
  EffectiveValues,
  Serving,
  ProviderSettings,
  ConfigurationFault,
  InstanceFault,
  SettingsAnswer,
  CartCoverage,
  StoreScopes,
  ConnectionOutcome,
  ConnectionVerdict,
  OfferedMethodsAnswer,
  AuditValue,
  SettingsFieldChange,
  SettingsChange,
  ChangesAnswer,
} from "../../admin-contract/settings"

/** What a blank (null) field stands for when nothing more is known. */
export const BLANK_UNKNOWN = "medusa-config or default"

/** A value in words: null is the field left blank (`blank` says what that means); an empty list serves all. */
export function auditValueText(
  value: AuditValue,
  blank: string = BLANK_UNKNOWN
): string {
  if (value === null) return blank
  if (Array.isArray(value))
    return value.length
      ? value.map((v) => auditValueText(v, blank)).join(", ")
      : "all"
  if (typeof value === "object") return JSON.stringify(value)
  return String(value)
}

/**
 * One line per field an entry changed: "base_url: http://a → http://b",
 * "sign_key: replaced"; a new account's lines show the values it was
 * created with. Older entries name their fields only. `blankOf` says what
 * a field left blank stands for ("default (manual)", "medusa-config (…)").
 */
export function changeLines(
  entry: Pick<SettingsChange, "action" | "fields" | "changes">,
  blankOf: (field: string) => string = () => BLANK_UNKNOWN
): string[] {
  if (!entry.changes) return entry.fields
  return entry.changes.map((change) => {
    if ("change" in change) return `${change.field}: ${change.change}`
    const text = (value: AuditValue) =>
      auditValueText(value, blankOf(change.field))
    if (entry.action === "created") return `${change.field}: ${text(change.to)}`
    return `${change.field}: ${text(change.from)} → ${text(change.to)}`
  })
}
