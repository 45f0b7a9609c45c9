/**
 * Query and body of the refund search routes. Selectors follow the
 * interface's limits: up to 100 values, comma-separated, at most 1,000
 * characters; a value at most 50 characters. Besides the acquirer's own
 * keys (order number, refund reference) the search takes the ids the admin
 * shows: a Medusa order (`#12`, `12` or its `order_…` id) and the acquirer's
 * transaction id. Every message names its field.
 */
import { z } from "zod"
import {
  DEFAULT_BATCH_LIMITS,
  DEFAULT_SELECTOR_MAX_CHARS,
} from "../gateway/index"
import type { OrderRef } from "../order-payments/order-payments"

const MAX_VALUES = DEFAULT_BATCH_LIMITS.refund_search
const VALUE = /^[A-Za-z0-9_.:-]{1,50}$/
const VALUE_RULE = "1 to 50 letters, digits or _ . : -"
/** the display id Medusa shows (`#12`; PostgreSQL's integer), or the order's own id */
const DISPLAY_ID = /^#?(\d{1,9})$/
const ORDER_ID = /^order_[A-Za-z0-9]{1,43}$/

function selector<T extends z.ZodType<unknown, string>>(
  field: string,
  value: T
) {
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
        .array(value)
        .min(1, `${field} must name at least one value`)
        .max(MAX_VALUES, `${field} must name at most ${MAX_VALUES} values`)
    )
}

const acquirerValue = (field: string) =>
  z.string().regex(VALUE, `${field}: each value must be ${VALUE_RULE}`)

const orderValue = z
  .string()
  .refine((v) => DISPLAY_ID.test(v) || ORDER_ID.test(v), {
    message:
      "order: each value must be an order as the admin shows it: #12, 12 or order_…",
  })
  .transform((v): OrderRef => {
    const display = DISPLAY_ID.exec(v)
    return display ? { display_id: Number(display[1]) } : { id: v }
  })

const SELECTORS = ["order", "transaction_id", "order_no", "reference"] as const

export const AdminRefundSearchQuery = z
  .object({
    order: selector("order", orderValue).optional(),
    transaction_id: selector(
      "transaction_id",
      acquirerValue("transaction_id")
    ).optional(),
    order_no: selector("order_no", acquirerValue("order_no")).optional(),
    reference: selector("reference", acquirerValue("reference")).optional(),
  })
  // anything else (limit, fields) is refused by name, not ignored
  .strict()
  .refine((q) => SELECTORS.filter((key) => q[key] !== undefined).length === 1, {
    message: `${SELECTORS.join(", ")}: give exactly one of them`,
    path: ["order"],
  })
export type AdminRefundSearchQueryType = z.infer<typeof AdminRefundSearchQuery>

const referenceId = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .trim()
    .regex(VALUE, `${field} must be ${VALUE_RULE}`)

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
