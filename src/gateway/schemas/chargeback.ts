/**
 * A chargeback (wire contract DECISION, "Chargebacks"): raised by the card
 * holder's bank against a captured payment. Notified with notify_type
 * CHARGEBACK and listed in the status query's entry; the query is the record.
 */
import { z } from "zod"
import { wireFreeText, wireText } from "./common"

export const CHARGEBACK_STATUSES = ["OPEN", "WON", "LOST"] as const
export type ChargebackStatus = (typeof CHARGEBACK_STATUSES)[number]

const chargebackStatus = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().toUpperCase() : value),
  z.enum(CHARGEBACK_STATUSES, {
    error: `must be one of ${CHARGEBACK_STATUSES.join(", ")}`,
  })
)

/** `YYYYMMDDHHMMSS` */
const wireTimestamp = wireText.refine(
  (value) => value === "" || /^\d{14}$/.test(value),
  "must be YYYYMMDDHHMMSS"
)

/** The chargeback fields, as a notification and a query entry carry them. */
export const chargebackShape = {
  chargeback_reference: z
    .string({ error: "must be text" })
    .trim()
    .min(1, "is required"),
  chargeback_amount: wireText,
  /** `<code>:<text>`, e.g. `4837:No cardholder authorisation` */
  chargeback_reason: wireFreeText.optional(),
  chargeback_status: chargebackStatus,
  chargeback_date: wireTimestamp.optional(),
  respond_by: wireTimestamp.optional(),
}

export const chargebackSchema = z.looseObject(chargebackShape)
export type Chargeback = z.infer<typeof chargebackSchema>
