/**
 * The account's payment-method preferences as two fields of the form
 * (codes never offered, codes shown first) although they are stored in the
 * advanced overrides (`advanced.payment_methods.hidden` and `.order`): the
 * fields are split off the advanced JSON when the form opens and merged
 * back into it when it is sent.
 */
type Advanced = Record<string, unknown>

const codesOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((code) => code.toUpperCase())

const isRecord = (value: unknown): value is Advanced =>
  !!value && typeof value === "object" && !Array.isArray(value)

const listText = (value: unknown) =>
  Array.isArray(value) ? value.map(String).join(", ") : ""

/** The two fields, and the advanced overrides without them. */
export function splitMethodPreferences(advanced: Advanced | null): {
  hidden_methods: string
  method_order: string
  advanced: Advanced | null
} {
  const methods = advanced?.payment_methods
  if (!advanced || !isRecord(methods))
    return { hidden_methods: "", method_order: "", advanced }
  const { hidden, order, ...rest } = methods
  const { payment_methods: _, ...others } = advanced
  const left = Object.keys(rest).length
    ? { ...others, payment_methods: rest }
    : others
  return {
    hidden_methods: listText(hidden),
    method_order: listText(order),
    advanced: Object.keys(left).length ? left : null,
  }
}

/** The advanced overrides with the two fields merged in; undefined stays undefined (not JSON: refused as typed). */
export function mergeMethodPreferences(
  advanced: Advanced | null | undefined,
  fields: { hidden_methods: string; method_order: string }
): Advanced | null | undefined {
  const hidden = codesOf(fields.hidden_methods)
  const order = codesOf(fields.method_order)
  if (advanced === undefined || (!hidden.length && !order.length))
    return advanced
  const methods = isRecord(advanced?.payment_methods)
    ? advanced.payment_methods
    : {}
  return {
    ...(advanced ?? {}),
    payment_methods: {
      ...methods,
      ...(hidden.length ? { hidden } : {}),
      ...(order.length ? { order } : {}),
    },
  }
}

/** The form field a refusal of `advanced.payment_methods.hidden|order[i]` belongs to. */
export function methodFieldOf(
  path: readonly PropertyKey[]
): "hidden_methods" | "method_order" | undefined {
  if (path[0] !== "advanced" || path[1] !== "payment_methods") return undefined
  if (path[2] === "hidden") return "hidden_methods"
  if (path[2] === "order") return "method_order"
  return undefined
}
