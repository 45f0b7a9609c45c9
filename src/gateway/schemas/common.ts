/**
 * Building blocks shared by the message schemas. Field names are wire names.
 *
 * Requests are strict objects: an unknown field is an error naming it, so a
 * misspelt field is never dropped or sent silently. Responses and
 * notifications are loose objects: unknown fields are kept, never rejected,
 * and scalar values arriving as numbers or null are read as strings.
 */
import { z } from "zod"
import { invalidInputFromZod, type InvalidInputError } from "../errors"
import { maskCardNumbersInText } from "../redact"
import {
  resolveFieldLimits,
  type FieldLimitOverrides,
  type FieldLimits,
} from "../limits"

/** Digits with an optional point and fraction; minor-digit checks per currency live in the money module. */
export const DECIMAL_PATTERN = /^\d+(\.\d+)?$/

export function limitsFrom(overrides?: FieldLimitOverrides): FieldLimits {
  return resolveFieldLimits(overrides)
}

/** A free text request field, optionally bounded. */
export function text(max?: number) {
  const base = z.string({ error: "must be a string" })
  return max === undefined
    ? base
    : base.max(max, `must be at most ${max} characters`)
}

/** A request field that must be present and not blank. */
export function requiredText(max?: number) {
  return text(max).refine(
    (value) => value.trim() !== "",
    "is required and must not be empty"
  )
}

export function amount(limits: FieldLimits) {
  return z
    .string({ error: "must be a decimal string" })
    .max(limits.amount, `must be at most ${limits.amount} characters`)
    .regex(
      DECIMAL_PATTERN,
      "must be a decimal string with a point, such as 15.00"
    )
}

export const currencyCode = z
  .string({ error: "must be a string" })
  .regex(/^[A-Z]{3}$/, "must be a three-letter upper-case ISO 4217 code")

export const countryCode = z
  .string({ error: "must be a string" })
  .regex(/^[A-Z]{2}$/, "must be a two-letter upper-case country code")

/** `YYYY-MM-DD` */
export const isoDate = z
  .string({ error: "must be a string" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date written YYYY-MM-DD")

/** A whole number; digit strings are accepted too, because a form body carries only text. */
export const wholeNumber = z.preprocess(
  (value) =>
    typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value,
  z
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .nonnegative("must not be negative")
)

/** A number; numeric strings are accepted too (form bodies). */
export const numeric = z.preprocess(
  (value) =>
    typeof value === "string" &&
    value.trim() !== "" &&
    !Number.isNaN(Number(value))
      ? Number(value)
      : value,
  z.number({ error: "must be a number" })
)

/**
 * A nested object or list that a form body carries as JSON text (see
 * codecs/form.ts): JSON text is parsed first, anything else passes as is.
 */
export function fromJsonText<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== "string" || !/^\s*[[{]/.test(value)) return value
    try {
      return JSON.parse(value) as unknown
    } catch {
      return value
    }
  }, schema)
}

/** A value in a response: text, or a number or null read as text. */
export const wireText = z
  .union([z.string(), z.number(), z.null()], { error: "must be text" })
  .transform((value) => (value === null ? "" : String(value)))

/**
 * A human text in an answer or notification (a result or refusal text, a
 * reason, a name): read as wireText, with every card number in it masked
 * first 6 / last 4 as it is parsed (maskCardNumbersInText, the rule for
 * every stored or shown text), so nothing downstream keeps or shows one
 * whole. Only after the signature held: it is checked over the raw fields.
 * Identifiers (order numbers, transaction ids, references) stay wireText,
 * kept exactly.
 */
export const wireFreeText = wireText.transform(maskCardNumbersInText)

/**
 * token_id in an answer (result, 3-D Secure result, browser return,
 * notification, query entry): the stored card's token, or undefined. The
 * service writes it empty when no card was stored; that reads as undefined,
 * so "no token" has one spelling and an empty string is never kept as a
 * token. Its length (64 in the wire contract) is not checked on answers, as
 * no answer field's is: a longer token must not make a payment's answer
 * unreadable.
 */
export const wireTokenId = wireText
  .transform((value) => (value === "" ? undefined : value))
  .optional()

/** A list in a response: missing or null reads as empty. */
export function wireList<T extends z.ZodType>(entry: T) {
  return z.preprocess(
    (value) =>
      value === undefined || value === null || value === "" ? [] : value,
    z.array(entry)
  )
}

/** Common fields a caller may leave to the client, which fills and signs them. */
export const commonRequestFields = {
  merchant_id: z.string().optional(),
  account_id: z.string().optional(),
  encryption_data: z.string().optional(),
}

/** Common fields every request on the wire carries. */
export const signedRequestFields = {
  merchant_id: requiredText(),
  account_id: requiredText(),
  encryption_data: requiredText(),
}

/** Common fields of a response; kept optional so a terse refusal still parses. */
export const responseEnvelopeFields = {
  merchant_id: wireText.optional(),
  account_id: wireText.optional(),
  encryption_data: wireText.optional(),
  return_status: wireText.optional(),
  return_message: wireFreeText.optional(),
}

/**
 * Parses or throws an InvalidInputError naming the first failing field path
 * and the reason; every issue is listed in `issues`. An unknown field of a
 * strict object is reported under its own path.
 */
export function validate<T extends z.ZodType>(
  schema: T,
  input: unknown,
  prefix?: string
): z.infer<T> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  throw toInvalidInput(result.error, prefix)
}

export function toInvalidInput(
  error: z.ZodError,
  prefix?: string
): InvalidInputError {
  const issues = error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => ({
          path: [...issue.path, key],
          message: "is not a known field",
        }))
      : [{ path: issue.path, message: issue.message }]
  )
  return invalidInputFromZod({ issues }, prefix)
}
