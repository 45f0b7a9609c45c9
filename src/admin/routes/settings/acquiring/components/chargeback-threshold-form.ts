/**
 * The account's chargeback threshold as a field of the form although it is
 * stored in the advanced overrides (`advanced.chargeback_threshold_percent`):
 * split off the advanced JSON when the form opens and merged back when it
 * is sent, as the retention periods are (retention-form.ts). A blank field
 * leaves the threshold to medusa-config, else 0.9 %.
 */
import { DEFAULT_CHARGEBACK_THRESHOLD_PERCENT } from "../../../../../admin-contract/option-fields"
import type { ProviderSettings } from "../../../../lib/settings-api"
import type { Advanced } from "./advanced-parts"
import { SOURCE_WORDS } from "./option-values"

const KEY = "chargeback_threshold_percent"

/** The field's text, and the advanced overrides without it. */
export function splitThreshold(advanced: Advanced | null): {
  chargeback_threshold: string
  advanced: Advanced | null
} {
  if (!advanced || !(KEY in advanced))
    return { chargeback_threshold: "", advanced }
  const { [KEY]: value, ...rest } = advanced
  return {
    chargeback_threshold: typeof value === "string" ? value : String(value),
    advanced: Object.keys(rest).length ? rest : null,
  }
}

/** The advanced overrides with the typed threshold in; undefined stays undefined (not JSON: refused as typed). */
export function mergeThreshold(
  advanced: Advanced | null | undefined,
  typed: string
): Advanced | null | undefined {
  const threshold = typed.trim().replace(/\s*%$/, "")
  if (advanced === undefined || !threshold) return advanced
  return { ...(advanced ?? {}), [KEY]: threshold }
}

/** The form field a refusal of `advanced.chargeback_threshold_percent` belongs to. */
export function thresholdFieldOf(
  path: readonly PropertyKey[]
): "chargeback_threshold" | undefined {
  return path[0] === "advanced" && path[1] === KEY
    ? "chargeback_threshold"
    : undefined
}

/** What a blank threshold leaves in force, e.g. "Left blank: 0.9 % (default).". */
export function thresholdBlankText(served: readonly ProviderSettings[]) {
  const view = served[0] && (served[0].inherited ?? served[0].effective)
  const inherited = view?.[KEY]
  const value =
    inherited &&
    inherited.source !== "admin" &&
    typeof inherited.value === "string"
      ? { percent: inherited.value, source: inherited.source }
      : {
          percent: DEFAULT_CHARGEBACK_THRESHOLD_PERCENT,
          source: "default" as const,
        }
  return `Left blank: ${value.percent} % (${SOURCE_WORDS[value.source]}).`
}
