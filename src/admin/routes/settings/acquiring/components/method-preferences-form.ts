/**
 * The account's payment-method preferences as two fields of the form
 * (codes never offered, codes shown first) although they are stored in the
 * advanced overrides (`advanced.payment_methods.hidden` and `.order`): the
 * fields are split off the advanced JSON when the form opens and merged
 * back into it when it is sent.
 */
import { putParts, takeParts, type Advanced } from "./advanced-parts"

const codesOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((code) => code.toUpperCase())

const listText = (value: unknown) =>
  Array.isArray(value) ? value.map(String).join(", ") : ""

/** The two fields, and the advanced overrides without them. */
export function splitMethodPreferences(advanced: Advanced | null): {
  hidden_methods: string
  method_order: string
  advanced: Advanced | null
} {
  const { parts, advanced: rest } = takeParts(advanced, "payment_methods", [
    "hidden",
    "order",
  ])
  return {
    hidden_methods: listText(parts.hidden),
    method_order: listText(parts.order),
    advanced: rest,
  }
}

/** The advanced overrides with the two fields merged in; undefined stays undefined (not JSON: refused as typed). */
export function mergeMethodPreferences(
  advanced: Advanced | null | undefined,
  fields: { hidden_methods: string; method_order: string }
): Advanced | null | undefined {
  const hidden = codesOf(fields.hidden_methods)
  const order = codesOf(fields.method_order)
  return putParts(advanced, "payment_methods", {
    ...(hidden.length ? { hidden } : {}),
    ...(order.length ? { order } : {}),
  })
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
