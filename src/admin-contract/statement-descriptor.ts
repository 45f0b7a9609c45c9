/**
 * The statement descriptor: the text a card holder reads on the bank
 * statement beside the payment. Sent on the payment order as `descriptor`
 * (the hosted page's descriptor input shows it). The card networks allow
 * 22 characters (the gateway's `limits.fields.descriptor`, overridable) of
 * Latin letters, digits, spaces and . , - * / & + #, with at least one
 * letter. With `append_order_no`, as much of the payment's order number as
 * fits follows the text, from its end (where its random digits are).
 */
import { z } from "zod"
import { DEFAULT_FIELD_LIMITS } from "../gateway/limits"

export const DESCRIPTOR_CHARACTERS = /^[A-Za-z0-9 .,\-*/&+#]+$/

/** The fewest characters of the order number worth appending. */
export const MIN_APPENDED_CHARACTERS = 6

const MAX = DEFAULT_FIELD_LIMITS.descriptor

export const StatementDescriptorSchema = z
  .object({
    text: z
      .string({ error: "must be text" })
      .trim()
      .min(1, "must not be empty")
      .max(MAX, `must be at most ${MAX} characters`)
      .regex(
        DESCRIPTOR_CHARACTERS,
        "may hold only Latin letters, digits, spaces and . , - * / & + #"
      )
      .regex(/[A-Za-z]/, "must hold at least one letter"),
    append_order_no: z.boolean({ error: "must be true or false" }).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (
      value.append_order_no &&
      value.text.length + 1 + MIN_APPENDED_CHARACTERS > MAX
    )
      ctx.addIssue({
        code: "custom",
        path: ["text"],
        message: `must be at most ${MAX - 1 - MIN_APPENDED_CHARACTERS} characters when the order number is appended`,
      })
  })

export type StatementDescriptor = z.output<typeof StatementDescriptorSchema>

/** The descriptor one payment sends: the text, then as much of the order number as fits in `limit`. */
export function descriptorFor(
  descriptor: StatementDescriptor,
  orderNo: string,
  limit: number = MAX
): string {
  const text = descriptor.text.slice(0, limit)
  if (!descriptor.append_order_no) return text
  const room = limit - text.length - 1
  if (room < MIN_APPENDED_CHARACTERS) return text
  const number = orderNo.replace(/[^A-Za-z0-9]/g, "")
  return `${text} ${number.slice(-room)}`
}
