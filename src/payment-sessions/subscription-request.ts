/**
 * The payment order's `subscription` object as a storefront may send it in
 * the payment session's `data`: validated field by field before it is stored
 * and passed to the acquirer with the first payment. The interface names the
 * fields; their formats here are what a subscription sold in a Medusa store
 * needs (the acquirer needs `contract_name` to start one and to cancel it).
 */
import { z } from "zod"
import type { OrderSubscription } from "../gateway/index"

const name = (max: number) =>
  z
    .string({ error: "must be a string" })
    .trim()
    .min(1, "must not be empty")
    .max(max, `must be at most ${max} characters`)

const digits = (max: number, what: string) =>
  z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().regex(new RegExp(`^\\d{1,${max}}$`), what))

const cycles = z
  .number({ error: "must be a whole number" })
  .int("must be a whole number")
  .min(0, "must not be negative")
  .max(9999, "must be at most 9999")

const isoDate = z
  .string({ error: "must be a string" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD")

export const SubscriptionRequestSchema = z
  .object({
    contract_name: name(100),
    contract: name(100).optional(),
    contract_amount: z
      .string({ error: "must be a decimal string such as 9.99" })
      .regex(/^\d{1,12}(\.\d{1,3})?$/, "must be a decimal string such as 9.99")
      .optional(),
    interval: z
      .enum(["day", "week", "month", "year"], {
        error: "must be one of day, week, month, year",
      })
      .optional(),
    interval_count: digits(3, "must be a whole number from 1 to 999")
      .refine((v) => Number(v) >= 1, "must be a whole number from 1 to 999")
      .optional(),
    billing_cycle: cycles.optional(),
    promotion_cycle: cycles.optional(),
    contract_start: isoDate.optional(),
    contract_end: isoDate.optional(),
    price_id: name(64).optional(),
  })
  .strict() satisfies z.ZodType<OrderSubscription>

export type SubscriptionRequest = z.infer<typeof SubscriptionRequestSchema>
