/**
 * Query and body of the refund search routes. Selectors follow the
 * interface's limits: up to 100 values, comma-separated, at most 1,000
 * characters; an order number at most 50 characters. Every message names
 * its field.
 */
import { z } from "zod"
import {
  DEFAULT_BATCH_LIMITS,
  DEFAULT_SELECTOR_MAX_CHARS,
} from "../../../../gateway"

const MAX_VALUES = DEFAULT_BATCH_LIMITS.refund_search
const VALUE = /^[A-Za-z0-9_.:-]{1,50}$/

function selector(field: string) {
  return z
    .string({ error: `${field} must be a comma-separated list` })
    .max(
      DEFAULT_SELECTOR_MAX_CHARS,
      `${field} must be at most ${DEFAULT_SELECTOR_MAX_CHARS} characters`
    )
    .transform((text) =>
      text
        .split(",")
        .map((v) => v.trim())
        .filter(Boolean)
    )
    .pipe(
      z
        .array(
          z
            .string()
            .regex(
              VALUE,
              `${field}: each value must be 1 to 50 letters, digits or _ . : -`
            )
        )
        .min(1, `${field} must name at least one value`)
        .max(MAX_VALUES, `${field} must name at most ${MAX_VALUES} values`)
    )
}

export const AdminRefundSearchQuery = z
  .object({
    order_no: selector("order_no").optional(),
    reference: selector("reference").optional(),
  })
  // anything else (limit, fields) is refused by name, not ignored
  .strict()
  .refine((q) => (q.order_no === undefined) !== (q.reference === undefined), {
    message: "order_no or reference: give exactly one of them",
    path: ["order_no"],
  })
export type AdminRefundSearchQueryType = z.infer<typeof AdminRefundSearchQuery>

const referenceId = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .trim()
    .regex(VALUE, `${field} must be 1 to 50 letters, digits or _ . : -`)

export const AdminRecordRefundBody = z
  .object({
    refund_reference_id: referenceId("refund_reference_id").optional(),
    order_no: referenceId("order_no").optional(),
  })
  .strict()
  .refine(
    (b) => (b.refund_reference_id === undefined) !== (b.order_no === undefined),
    {
      message: "refund_reference_id or order_no: give exactly one of them",
      path: ["refund_reference_id"],
    }
  )
export type AdminRecordRefundBodyType = z.infer<typeof AdminRecordRefundBody>

export const AdminCancelSubscriptionBody = z.object({}).strict()
