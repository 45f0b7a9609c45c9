/** Answers of /admin/acquiring/chargebacks and the order widget's chargebacks, and the list's query. */
import { z } from "zod"
import { dayField as day, pageNumber } from "./list-query"

export const CHARGEBACK_STATES = ["OPEN", "WON", "LOST"] as const
export type ChargebackState = (typeof CHARGEBACK_STATES)[number]

export interface AcquiringChargebackView {
  id: string
  reference: string
  status: ChargebackState
  /** decimal string in the currency's digits */
  amount: string
  currency: string
  payment_amount: string | null
  reason_code: string | null
  reason_text: string | null
  /** ISO times */
  opened_at: string | null
  respond_by: string | null
  decided_at: string | null
  /** a lost one: when it was recorded in Medusa as a refund, and that refund */
  accounted_at: string | null
  refund_id: string | null
  order_no: string
  transaction_id: string | null
  payment_id: string | null
  order: { id: string; display_id: number | null } | null
}

export interface ChargebackListAnswer {
  chargebacks: AcquiringChargebackView[]
  count: number
  limit: number
  offset: number
}

/** What the chargebacks search takes: an order as the admin shows it (#12), or the acquirer's references. */
export const CHARGEBACK_SEARCH = /^#?[A-Za-z0-9_.:-]{1,60}$/

/** A search naming a Medusa order: its display id (#12 or 12) or its id. */
export const MEDUSA_ORDER_SEARCH = /^#?(\d{1,9})$|^(order_[A-Za-z0-9]{1,43})$/

/** Filters of the list and its CSV: all optional; dates are whole UTC days, both ends included. */
export const ChargebackListQuery = z
  .object({
    status: z
      .string({ error: "status must be a comma-separated list" })
      .transform((v) => v.split(",").map((s) => s.trim().toUpperCase()))
      .pipe(
        z.array(
          z.enum(CHARGEBACK_STATES, {
            error: `status must name ${CHARGEBACK_STATES.join(", ")}`,
          })
        )
      )
      .optional(),
    opened_from: day("opened_from").optional(),
    opened_to: day("opened_to").optional(),
    respond_by_to: day("respond_by_to").optional(),
    /** a Medusa order as the admin shows it (#12, 12, order_…), the acquirer's order number, a transaction id or a chargeback reference */
    q: z
      .string({ error: "q must be text" })
      .trim()
      .regex(
        CHARGEBACK_SEARCH,
        "q must be an order such as #12, or 1 to 60 letters, digits or _ . : -"
      )
      .optional(),
    limit: pageNumber("limit", 1000, 50),
    offset: pageNumber("offset", 1_000_000, 0),
  })
  .strict()

export type ChargebackListQueryType = z.infer<typeof ChargebackListQuery>
