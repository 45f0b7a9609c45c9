/**
 * The account's retention periods (days the shopper's data is kept, days
 * the payment history is kept) as two fields of the form although they are
 * stored in the advanced overrides (`advanced.retention`): split off the
 * advanced JSON when the form opens and merged back into it when it is
 * sent, as the payment-method preferences are (method-preferences-form.ts).
 * A blank field leaves the period to medusa-config, else the default.
 */
import { DEFAULT_RETENTION } from "../../../../../admin-contract/option-fields"
import type { ProviderSettings } from "../../../../lib/settings-api"
import { isRecord, putParts, takeParts, type Advanced } from "./advanced-parts"
import { SOURCE_WORDS } from "./option-values"

export const RETENTION_FIELDS = ["shopper_data_days", "history_days"] as const
export type RetentionField = (typeof RETENTION_FIELDS)[number]
export type RetentionTexts = Record<RetentionField, string>

const WHOLE_NUMBER = /^\d+$/

const numberText = (value: unknown) =>
  typeof value === "number" ? String(value) : ""

/** The two fields, and the advanced overrides without them. */
export function splitRetention(
  advanced: Advanced | null
): RetentionTexts & { advanced: Advanced | null } {
  const { parts, advanced: rest } = takeParts(
    advanced,
    "retention",
    RETENTION_FIELDS
  )
  return {
    shopper_data_days: numberText(parts.shopper_data_days),
    history_days: numberText(parts.history_days),
    advanced: rest,
  }
}

/** The advanced overrides with the typed periods merged in; undefined stays undefined (not JSON: refused as typed). */
export function mergeRetention(
  advanced: Advanced | null | undefined,
  fields: RetentionTexts
): Advanced | null | undefined {
  const typed = RETENTION_FIELDS.filter((field) => fields[field].trim())
  return putParts(
    advanced,
    "retention",
    Object.fromEntries(
      typed.map((field) => [field, Number(fields[field].trim())])
    )
  )
}

/** What the text must be before it can be a body: a whole number of days. */
export function retentionProblems(
  fields: RetentionTexts
): Partial<RetentionTexts> {
  const problems: Partial<RetentionTexts> = {}
  for (const field of RETENTION_FIELDS) {
    const text = fields[field].trim()
    if (text && !WHOLE_NUMBER.test(text))
      problems[field] = "must be a whole number of days"
  }
  return problems
}

/** The form field a refusal of `advanced.retention.<period>` belongs to. */
export function retentionFieldOf(
  path: readonly PropertyKey[]
): RetentionField | undefined {
  if (path[0] !== "advanced" || path[1] !== "retention") return undefined
  return RETENTION_FIELDS.find((field) => field === path[2])
}

/**
 * What a blank period leaves in force, e.g. "Left blank: 180 days
 * (default).": medusa-config's period of the first provider served, else the
 * default. The account keeps only the periods typed, each laid over
 * medusa-config's, so a blank one is medusa-config's whatever the other says.
 */
export function retentionBlankText(
  field: RetentionField,
  served: readonly ProviderSettings[]
): string {
  const view = served[0] && (served[0].inherited ?? served[0].effective)
  const inherited = view?.retention
  const value =
    inherited &&
    inherited.source !== "admin" &&
    isRecord(inherited.value) &&
    typeof inherited.value[field] === "number"
      ? { days: inherited.value[field], source: inherited.source }
      : { days: DEFAULT_RETENTION[field], source: "default" as const }
  return `Left blank: ${value.days} days (${SOURCE_WORDS[value.source]}).`
}
