/**
 * The card a shopper submits for a payment session. It is validated here,
 * handed to the gateway in memory and never stored or logged; error
 * messages name the field and the reason, never the value.
 */
import { z } from "zod"
import { passesLuhn } from "../gateway/redact"

const digits = (text: string) => text.replace(/[\s-]/g, "")

/** "is required" only when the field is missing; a value of the wrong type is told apart. */
const missingOr = (wrongType: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? "is required" : wrongType

// the check digit rule, shared with the mask of stored free text
export { passesLuhn }

const TypedCardSchema = z
  .object(
    {
      number: z
        .string({ error: missingOr("must be a string of digits") })
        .transform(digits)
        .pipe(
          z
            .string()
            .regex(/^\d{12,19}$/, "must be 12 to 19 digits")
            .refine(passesLuhn, "is not a valid card number (check digit)")
        ),
      expiry_month: z
        .union([z.string(), z.number()], {
          error: missingOr("must be a month from 1 to 12"),
        })
        .transform((value) => String(value).trim())
        .pipe(
          z.string().regex(/^(0?[1-9]|1[0-2])$/, "must be a month from 1 to 12")
        )
        .transform((value) => value.padStart(2, "0")),
      expiry_year: z
        .union([z.string(), z.number()], {
          error: missingOr("must be a year such as 2030 or 30"),
        })
        .transform((value) => String(value).trim())
        .pipe(
          z
            .string()
            .regex(/^(\d{2}|20\d{2})$/, "must be a year such as 2030 or 30")
        )
        .transform((value) => (value.length === 2 ? `20${value}` : value)),
      security_code: z
        .string({ error: missingOr("must be a string of 3 or 4 digits") })
        .trim()
        .regex(/^\d{3,4}$/, "must be 3 or 4 digits"),
    },
    {
      error: missingOr(
        "must be an object with number, expiry_month, expiry_year and security_code"
      ),
    }
  )
  .strict()

const SavedCardChoiceSchema = z
  .object(
    {
      id: z
        .string({ error: missingOr("must be a saved card's id") })
        .regex(/^acqcard_[A-Za-z0-9]{1,60}$/, "must be a saved card's id"),
      security_code: z
        .string({ error: "must be a string of 3 or 4 digits" })
        .trim()
        .regex(/^\d{3,4}$/, "must be 3 or 4 digits")
        .optional(),
    },
    { error: missingOr("must be an object with id and security_code") }
  )
  .strict()

export const CardEntrySchema = z
  .object({
    card: TypedCardSchema.optional(),
    /** a card the signed-in customer saved before: its id and the security code typed again */
    saved_card: SavedCardChoiceSchema.optional(),
    /** keep the typed card for the signed-in customer's next payments */
    save_card: z.boolean({ error: "must be true or false" }).optional(),
    /** the storefront's CAPTCHA answer, when the velocity limits ask for one */
    captcha_token: z
      .string()
      .max(4000, "must be at most 4000 characters")
      .optional(),
    holder: z
      .object({
        first_name: z
          .string()
          .trim()
          .max(50, "must be at most 50 characters")
          .optional(),
        last_name: z
          .string()
          .trim()
          .max(50, "must be at most 50 characters")
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .superRefine((entry, context) => {
    if (!entry.card && !entry.saved_card)
      context.addIssue({
        code: "custom",
        path: ["card"],
        message: "is required",
      })
    if (entry.card && entry.saved_card)
      context.addIssue({
        code: "custom",
        path: ["saved_card"],
        message: "cannot be sent with card: pay with one or the other",
      })
    if (entry.save_card && !entry.card)
      context.addIssue({
        code: "custom",
        path: ["save_card"],
        message: "keeps a typed card: send it with card",
      })
  })

/** Opening the hosted page: the card typed there may be kept for the signed-in customer. */
export const HostedPageBodySchema = z
  .object({
    save_card: z.boolean({ error: "must be true or false" }).optional(),
  })
  .strict()

export type HostedPageBody = z.output<typeof HostedPageBodySchema>

export type TypedCard = z.output<typeof TypedCardSchema>
export type SavedCardChoice = z.output<typeof SavedCardChoiceSchema>
export type CardEntry = z.output<typeof CardEntrySchema>

/** Validation issues as `field: reason` without the submitted values. */
export function describeCardIssues(
  error: z.ZodError
): { field: string; reason: string }[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join(".") || "body",
    reason:
      issue.code === "unrecognized_keys"
        ? `unknown field(s) ${issue.keys.join(", ")}`
        : issue.message,
  }))
}
