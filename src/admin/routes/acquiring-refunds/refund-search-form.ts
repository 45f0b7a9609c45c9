/**
 * The refund search form: what each mode searches by, and the check made
 * before asking (the server's own rules, so a mistake is named beside the
 * field at once). The first mode is what the admin shows on every order:
 * its number, `#12`.
 */
export type SearchMode = "order" | "transaction_id" | "order_no" | "reference"

export interface SearchModeText {
  value: SearchMode
  /** the radio button */
  label: string
  /** the text field's label */
  field: string
  placeholder: string
  /** one value, for "Enter at least one …" */
  noun: string
}

export const SEARCH_MODES: readonly SearchModeText[] = [
  {
    value: "order",
    label: "Orders",
    field: "Order numbers, as the admin shows them",
    placeholder: "#12, #13 or order_01…, one per line or comma-separated",
    noun: "order number, e.g. #12",
  },
  {
    value: "transaction_id",
    label: "Transaction ids",
    field: "Transaction ids, as the order's Acquiring card shows them",
    placeholder: "One per line or comma-separated",
    noun: "transaction id",
  },
  {
    value: "order_no",
    label: "Acquirer order numbers",
    field: "The acquirer's order numbers",
    placeholder: "MED3f2a…, one per line or comma-separated",
    noun: "acquirer order number",
  },
  {
    value: "reference",
    label: "Refund references",
    field: "Refund references",
    placeholder: "RF… or <transaction id>-01, one per line or comma-separated",
    noun: "refund reference",
  },
]

export const MAX_VALUES = 100
const ORDER = /^#?\d{1,9}$|^order_[A-Za-z0-9]{1,43}$/
const ACQUIRER_VALUE = /^[A-Za-z0-9_.:-]{1,50}$/

export function modeText(mode: SearchMode): SearchModeText {
  return SEARCH_MODES.find((m) => m.value === mode) ?? SEARCH_MODES[0]
}

export function parseValues(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((v) => v.trim())
    .filter(Boolean)
}

/** Why the values cannot be searched, or nothing when they can. */
export function checkValues(
  mode: SearchMode,
  values: string[]
): string | undefined {
  if (!values.length) return `Enter at least one ${modeText(mode).noun}`
  if (values.length > MAX_VALUES)
    return `At most ${MAX_VALUES} values in one search`
  if (mode === "order") {
    const bad = values.find((v) => !ORDER.test(v))
    return bad
      ? `"${bad}" is not an order number as the admin shows it, e.g. #12`
      : undefined
  }
  const bad = values.find((v) => !ACQUIRER_VALUE.test(v))
  return bad
    ? `"${bad}": each value is 1 to 50 letters, digits or _ . : -`
    : undefined
}
