/**
 * The chargebacks a provider core consults before it sends a refund: the
 * acquirer refuses a refund while a chargeback of the payment is open, so
 * the plugin refuses it first, saying why, and nothing is sent.
 */
import { acquiringModule } from "../modules/acquiring/module-access"
import type { AcquiringChargebackRow } from "../modules/acquiring/types"

export type OpenChargeback = Pick<
  AcquiringChargebackRow,
  | "reference"
  | "amount"
  | "currency"
  | "reason_code"
  | "reason_text"
  | "respond_by"
>

export interface DisputeBook {
  /** Open chargebacks of these order numbers (a payment's attempts). */
  open(orderNos: string[]): Promise<OpenChargeback[]>
}

export function moduleDisputes(): DisputeBook {
  return {
    async open(orderNos) {
      if (!orderNos.length) return []
      return acquiringModule().listAcquiringChargebacks(
        { order_no: orderNos, status: "OPEN" },
        { order: { created_at: "ASC" } }
      )
    },
  }
}
