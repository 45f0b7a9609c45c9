/** Comma-separated selectors of the look-ups (retrievalTrans, retrievalRefund). */
import { DEFAULT_SELECTOR_MAX_CHARS } from "../gateway/limits"
import { Refusal } from "./result-codes"
import { text, type WireBody } from "./wire-fields"

export interface Selector {
  field: string
  values: string[]
}

/**
 * Exactly one of the fields must be sent. Too many values is E0003 (checked
 * first: 101 ordinary order numbers are also over the character limit), too
 * many characters or an empty value E0001.
 */
export function readSelector(
  body: WireBody,
  fields: readonly string[],
  limits: { maxValues: number; maxChars?: number }
): Selector {
  const present = fields.filter((field) => text(body, field).trim() !== "")
  if (present.length === 0)
    throw Refusal.field(
      "E0001",
      fields[0],
      `is required (or one of ${fields.slice(1).join(", ")})`
    )
  if (present.length > 1)
    throw Refusal.field(
      "E0001",
      present[1],
      `may not be sent together with ${present[0]}`
    )
  const field = present[0]
  const raw = text(body, field)
  const values = raw.split(",").map((v) => v.trim())
  if (values.length > limits.maxValues) {
    throw new Refusal(
      "E0003",
      `Too many values in one request: ${values.length}, the limit is ${limits.maxValues}`,
      field
    )
  }
  const maxChars = limits.maxChars ?? DEFAULT_SELECTOR_MAX_CHARS
  if (raw.length > maxChars)
    throw Refusal.field("E0001", field, `is longer than ${maxChars} characters`)
  if (values.some((v) => v === ""))
    throw Refusal.field(
      "E0001",
      field,
      "must be comma-separated values without empty ones"
    )
  return { field, values }
}

/** The selector values even when the message is refused as a whole, to echo them per entry. */
export function looseValues(
  body: WireBody,
  fields: readonly string[]
): { field: string; value: string }[] {
  const out: { field: string; value: string }[] = []
  for (const field of fields) {
    const raw = body[field]
    if (typeof raw !== "string") continue
    for (const value of raw.split(","))
      if (value.trim() !== "") out.push({ field, value: value.trim() })
  }
  return out
}
