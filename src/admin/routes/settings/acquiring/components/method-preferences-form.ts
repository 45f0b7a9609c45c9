/**
 * The account's payment-method preferences as two fields of the form
 * (codes never offered, codes shown first) although they are stored in the
 * advanced overrides (`advanced.payment_methods.hidden` and `.order`): the
 * fields are split off the advanced JSON when the form opens and merged
 * back into it when it is sent. Codes are separated by commas: "FOO BAR" is
 * one value, refused as no code, never two codes.
 */
import { paymentMethodCode } from "../../../../../admin-contract/option-fields"
import type {
  OfferedMethodsAnswer,
  ProviderSettings,
} from "../../../../lib/settings-api"
import { isRecord, putParts, takeParts, type Advanced } from "./advanced-parts"

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

/** The same codes, however they were typed: a field whose codes did not change is not asked about again. */
export const sameCodes = (a: string, b: string) =>
  codesOf(a).join(",") === codesOf(b).join(",")

/**
 * What the drawer says before saving codes the acquirer has not offered the
 * account (asked just now, `answer`), for each field in `fields`; nothing
 * for a field whose every code is offered. When the acquirer could not be
 * asked, each field says so. Either way a second Save keeps the codes.
 */
export function neverOfferedFlags(
  texts: MethodTexts,
  fields: readonly MethodField[],
  answer: OfferedMethodsAnswer
): Partial<MethodTexts> {
  const flags: Partial<MethodTexts> = {}
  for (const field of fields) {
    const codes = codesOf(texts[field])
    if (!codes.length) continue
    if (answer.outcome !== "answered") {
      flags[field] =
        `Not checked against the methods the acquirer offers: ${answer.message}. Save again to keep these codes.`
      continue
    }
    const unknown = codes.filter((code) => !answer.codes.includes(code))
    if (!unknown.length) continue
    const offered = answer.codes.length ? answer.codes.join(", ") : "nothing"
    flags[field] =
      `Never offered to this account by the acquirer: ${unknown.join(", ")} (asked just now, it offers ${offered}). Check the spelling, or save again to keep ${unknown.length > 1 ? "them" : "it"}.`
  }
  return flags
}

/**
 * What a blank field leaves in force: the account keeps only the codes
 * typed, so a blank one is medusa-config's list, else the acquirer's own.
 */
export function methodBlankText(
  field: MethodField,
  served: readonly ProviderSettings[]
): string {
  const view = served[0] && (served[0].inherited ?? served[0].effective)
  const inherited = view?.payment_methods
  const value = isRecord(inherited?.value)
    ? inherited.value[field === "hidden_methods" ? "hidden" : "order"]
    : undefined
  if (inherited?.source === "config" && Array.isArray(value) && value.length)
    return `Left blank: ${value.join(", ")} (medusa-config).`
  return field === "hidden_methods"
    ? "Left blank: every method the acquirer recommends."
    : "Left blank: the acquirer's order."
}
