/**
 * "Record in Medusa": a refund the acquirer made that Medusa lacks is
 * recorded through the same path as the reconcile job's
 * (`recordAcquirerRefunds`): journalled as made, then Medusa's refund
 * workflow, whose provider call claims the journalled refund instead of
 * sending one. Nothing is ever sent to the acquirer; asking twice records
 * once.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { choiceOf, coreFor } from "../accounts/registry"
import { wasMade } from "./refunds"
import { withLedger } from "../payment-sessions/session-data"
import { paymentsOfOrders } from "../order-payments/payment-of-order"
import {
  compareRefunds,
  searchAcquirerRefunds,
  type RefundComparisonRow,
} from "./refund-comparison"
import { recordAcquirerRefunds } from "./refund-reconciliation"

export type RecordRequest =
  | { refund_reference_id: string; order_no?: undefined }
  | { order_no: string; refund_reference_id?: undefined }

export interface RecordOutcome {
  order_no: string
  payment_id: string
  /** Medusa refunds created by this request (0 when all were recorded already) */
  recorded: number
  /** the order's refunds compared again after recording */
  refunds: RefundComparisonRow[]
}

export async function recordMissingRefunds(
  container: MedusaContainer,
  request: RecordRequest
): Promise<RecordOutcome> {
  let orderNo = request.order_no
  if (request.refund_reference_id) {
    const records = await searchAcquirerRefunds(container, {
      references: [request.refund_reference_id],
    })
    const record = records.find(
      (r) => r.refund_reference_id === request.refund_reference_id
    )
    if (!record?.order_no) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `refund_reference_id: the acquirer lists no refund ${request.refund_reference_id}`
      )
    }
    if (!wasMade(record)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `refund_reference_id: the acquirer lists refund ${request.refund_reference_id} as not made (refund_status ${record.refund_status}); there is nothing to record`
      )
    }
    orderNo = record.order_no
  }
  const payment = (await paymentsOfOrders(container, [orderNo as string])).get(
    orderNo as string
  )
  if (!payment) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `order_no: Medusa holds no acquiring payment for order number ${orderNo}`
    )
  }
  if (!payment.captured_at || payment.canceled_at) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Payment ${payment.id} is not captured in Medusa, so no refund can be recorded on it yet (the reconcile job records a capture made at the acquirer first)`
    )
  }
  const stored = payment.state
  const core = await coreFor(container, payment.provider_id, choiceOf(stored))
  const data = withLedger(
    stored,
    core.identifier === "acquiring-card" ? "authorise" : "checkout"
  )
  const recorded = await recordAcquirerRefunds(
    container,
    core,
    payment.id,
    data,
    request.refund_reference_id ? { only: request.refund_reference_id } : {}
  )
  const refunds = await compareRefunds(container, {
    order_nos: [orderNo as string],
  })
  return {
    order_no: orderNo as string,
    payment_id: payment.id,
    recorded,
    refunds,
  }
}
