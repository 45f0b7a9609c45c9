/** Charging a customer's saved card from the order page: the request and its answer. */
import { z } from "zod"

export const ChargeSavedCardBody = z
  .object({
    /** decimal string in the order's currency; absent: what the order owes */
    amount: z
      .string({ error: "amount must be a decimal string such as 12.50" })
      .regex(
        /^\d{1,12}(\.\d{1,3})?$/,
        "amount must be a decimal string such as 12.50"
      )
      .optional(),
    /** why the customer is charged, for the order's history */
    reason: z
      .string({ error: "reason is required" })
      .trim()
      .min(1, "reason is required")
      .max(200, "reason must be at most 200 characters"),
    /** the saved card to charge; absent: the customer's most recent one the order's account keeps */
    saved_card_id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, "saved_card_id is not a saved card id")
      .optional(),
    /** staff confirmed a charge of more than the order owes */
    confirm_over_balance: z
      .boolean({ error: "confirm_over_balance must be true or false" })
      .optional(),
    /** one per charge the admin means (a double click or a retry sends the same): charged once */
    request_id: z
      .string({ error: "request_id is required" })
      .regex(
        /^[A-Za-z0-9_-]{8,64}$/,
        "request_id must be 8 to 64 letters, digits, - or _"
      ),
  })
  .strict()

export type ChargeSavedCardBodyType = z.infer<typeof ChargeSavedCardBody>

export type ChargeSavedCardAnswer = {
  status: "authorized" | "captured" | "pending"
  payment_session_id: string
  payment_id: string | null
  amount: string
  currency: string
  card_masked: string
  /** this request_id was answered before: nothing was charged again */
  repeated: boolean
  message: string
}
