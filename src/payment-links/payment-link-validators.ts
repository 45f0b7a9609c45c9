/**
 * The body of POST /admin/acquiring/orders/:id/payment-links: which hosted
 * provider opens the page (default: the first configured), how long the
 * link lives, in whole hours (default 72, at most a week), whether
 * staff take the card on it, and whether a draft order is converted first.
 */
import { z } from "zod"
import { LINK_LIFETIME_HOURS } from "./payment-link-state"

const { min, max } = LINK_LIFETIME_HOURS

export const CreatePaymentLinkBody = z
  .object({
    provider_id: z
      .string({ error: "must be a string" })
      .regex(
        /^pp_acquiring-hosted_[A-Za-z0-9_-]{1,64}$/,
        "must be a hosted-page provider (pp_acquiring-hosted_<id>)"
      )
      .optional(),
    expires_in_hours: z
      .number({ error: "must be a whole number of hours" })
      .int("must be a whole number of hours")
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max} (a week)`)
      .default(LINK_LIFETIME_HOURS.default),
    /**
     * A card staff type on the acquirer's page for a customer on the
     * telephone or by post (order_type MOTO, never challenged): the link
     * lives an hour whatever expires_in_hours says.
     */
    staff_entered: z.boolean({ error: "must be true or false" }).optional(),
    /**
     * The order is a draft: convert it to an order first (Medusa's Convert
     * to order), so the money taken always has an order to stand on.
     */
    convert_draft: z.boolean({ error: "must be true or false" }).optional(),
  })
  .strict()

export type CreatePaymentLinkBody = z.infer<typeof CreatePaymentLinkBody>
