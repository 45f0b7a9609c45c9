/**
 * Defaults an account stored without the merchant setting them. Before
 * accounts kept only the values they were given (account-requests.ts),
 * saving any advanced value, e.g. the drawer's "Hidden payment methods",
 * stored every default of `saved_cards` and `payment_methods` and the other
 * retention period with it, and those then overrode medusa-config. Nothing
 * tells such a stored default from one a merchant typed, and the two differ
 * only where medusa-config sets another value, the very case the merchant
 * did not mean to override: so the upgrade removes every value equal to its
 * default (the migration records what it removed in the audit).
 */
import { OPTION_FIELDS } from "./option-fields"

type Advanced = Record<string, unknown>

const isRecord = (value: unknown): value is Advanced =>
  !!value && typeof value === "object" && !Array.isArray(value)

/** The options whose defaults were written with them, and each default. */
const WRITTEN_WITH_DEFAULTS = {
  saved_cards: OPTION_FIELDS.saved_cards.parse(undefined),
  payment_methods: OPTION_FIELDS.payment_methods.parse(undefined),
  retention: OPTION_FIELDS.retention.parse(undefined),
} as const

/** The advanced overrides without the values equal to their default; null when nothing is left. */
export function withoutStoredDefaults(
  advanced: Advanced | null
): Advanced | null {
  if (!advanced) return advanced
  const kept: Advanced = {}
  for (const [key, value] of Object.entries(advanced)) {
    const defaults: Advanced | undefined =
      WRITTEN_WITH_DEFAULTS[key as keyof typeof WRITTEN_WITH_DEFAULTS]
    if (!defaults || !isRecord(value)) {
      kept[key] = value
      continue
    }
    const given = Object.fromEntries(
      Object.entries(value).filter(
        // scalars and lists of codes: their JSON is their meaning
        ([name, entry]) =>
          JSON.stringify(entry) !== JSON.stringify(defaults[name])
      )
    )
    if (Object.keys(given).length) kept[key] = given
  }
  return Object.keys(kept).length ? kept : null
}
