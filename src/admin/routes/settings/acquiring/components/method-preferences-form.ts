/**
 * The account's payment-method preferences as two fields of the form
 * (codes never offered, codes shown first) although they are stored in the
 * advanced overrides (`advanced.payment_methods.hidden` and `.order`): the
 * fields are split off the advanced JSON when the form opens and merged
 * back into it when it is sent. Codes are separated by commas: "FOO BAR" is
 * one value, refused as no code, never two codes.
 */
import { paymentMethodCode } from "../../../../../admin-contract/option-fields"
import { putParts, takeParts, type Advanced } from "./advanced-parts"

export const METHOD_FIELDS = ["hidden_methods", "method_order"] as const
export type MethodField = (typeof METHOD_FIELDS)[number]
export type MethodTexts = Record<MethodField, string>

/** The values typed, as written: separated by commas (or line breaks), blanks dropped. */
const typedValues = (text: string) =>
  text
    .split(/[,\n]/)
    .map((value) => value.trim())
    .filter(Boolean)

/** The codes a field holds, upper case as the acquirer writes them. */
export const codesOf = (text: string) =>
  typedValues(text).map((code) => code.toUpperCase())

/** A typed value that is not a code, named as typed; nothing when every value is one. */
export function methodCodeProblems(fields: MethodTexts): Partial<MethodTexts> {
  const problems: Partial<MethodTexts> = {}
  for (const field of METHOD_FIELDS) {
    const wrong = typedValues(fields[field]).find(
      (value) => !paymentMethodCode.safeParse(value.toUpperCase()).success
    )
    if (wrong)
      problems[field] =
        `"${wrong}" is not a payment method code: a code is letters, digits and _ (such as WALLET or BANK_TRANSFER); separate codes with commas`
  }
  return problems
}

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
  fields: MethodTexts
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
): MethodField | undefined {
  if (path[0] !== "advanced" || path[1] !== "payment_methods") return undefined
  if (path[2] === "hidden") return "hidden_methods"
  if (path[2] === "order") return "method_order"
  return undefined
}
