import { MedusaError } from "@medusajs/framework/utils"
import type { SessionData } from "../payment-sessions/session-data"

export interface BatchEntry {
  transaction_id: string
  order_no: string
  currency: string
  amount: string
}

/** The batch entry naming the payment's transaction (or another attempt's, for a surplus void). */
export function batchEntry(
  data: SessionData,
  operation: string,
  attempt: { order_no?: string; transaction_id?: string } = data
): BatchEntry {
  const { transaction_id, order_no } = attempt
  if (!transaction_id) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Cannot ${operation}: the payment has no acquiring transaction yet`
    )
  }
  const { amount, currency } = data
  if (!order_no || !amount || !currency) {
    const missing = Object.entries({ order_no, amount, currency })
      .filter(([, value]) => !value)
      .map(([field]) => field)
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Cannot ${operation}: the payment data lacks ${missing.join(", ")}`
    )
  }
  return { transaction_id, order_no, currency, amount }
}
