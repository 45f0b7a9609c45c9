/**
 * The body of POST /admin/acquiring/orders/:id/payment-links: which hosted
 * provider opens the page (default: the first configured) and how long the
 * link lives, in whole hours (default 72, at most a week).
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
  })
  .strict()

export type CreatePaymentLinkBody = z.infer<typeof CreatePaymentLinkBody>
