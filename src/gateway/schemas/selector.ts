/**
 * Selectors of the look-ups (retrievalTrans, retrievalRefund): one field
 * naming the records as comma-separated values, at most 100 values and
 * 1,000 characters by default.
 */
import { z } from "zod"
import { InvalidInputError } from "../errors"
import { DEFAULT_SELECTOR_MAX_CHARS } from "../limits"

export interface SelectorLimits {
  /** characters of the joined selector; default 1,000 */
  max_chars?: number
  /** values in one selector; default the operation's batch limit (100) */
  max_values?: number
}

export function selectorText(maxChars: number, maxValues: number) {
  return z
    .string({ error: "must be a comma-separated string" })
    .max(maxChars, `must be at most ${maxChars} characters`)
    .superRefine((value, ctx) => {
      const values = value.split(",")
      if (values.some((v) => v.trim() === "")) {
        ctx.addIssue({
          code: "custom",
          message: "must be comma-separated values without empty ones",
        })
      } else if (values.length > maxValues) {
        ctx.addIssue({
          code: "custom",
          message: `must name at most ${maxValues} values, got ${values.length}`,
        })
      }
    })
}

/** Joins selector values, refusing a value that would split or vanish. */
export function joinSelector(
  field: string,
  values: readonly string[],
  limits: SelectorLimits = {}
): string {
  const maxChars = limits.max_chars ?? DEFAULT_SELECTOR_MAX_CHARS
  values.forEach((value, index) => {
    if (value.trim() === "")
      throw new InvalidInputError(`${field}[${index}]`, "must not be empty")
    if (value.includes(","))
      throw new InvalidInputError(
        `${field}[${index}]`,
        "must not contain a comma"
      )
  })
  if (values.length === 0)
    throw new InvalidInputError(field, "must name at least one value")
  if (limits.max_values !== undefined && values.length > limits.max_values) {
    throw new InvalidInputError(
      field,
      `must name at most ${limits.max_values} values, got ${values.length}`
    )
  }
  const joined = values.map((v) => v.trim()).join(",")
  if (joined.length > maxChars) {
    throw new InvalidInputError(
      field,
      `joined selector is ${joined.length} characters, the limit is ${maxChars}`
    )
  }
  return joined
}

/** Exactly one of the named selector fields must be present. */
export function exactlyOneOf(fields: readonly string[]) {
  return (message: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const present = fields.filter((field) => message[field] !== undefined)
    if (present.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: [fields[0]],
        message: `one of ${fields.join(", ")} is required`,
      })
    } else if (present.length > 1) {
      ctx.addIssue({
        code: "custom",
        path: [present[1]],
        message: `only one of ${fields.join(", ")} may be given`,
      })
    }
  }
}
