import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  recordMissingRefunds,
  type RecordRequest,
} from "../../../../../refunds/record-refund"
import type { AdminRecordRefundBodyType } from "../../../../../refunds/refund-validators"

/**
 * POST /admin/acquiring/refunds/record {refund_reference_id} | {order_no}
 * Records in Medusa refunds the acquirer made that Medusa lacks (one, or all
 * of the order's). Sends nothing to the acquirer; a repeat records nothing.
 */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminRecordRefundBodyType>,
  res: MedusaResponse
) {
  const body = req.validatedBody
  const outcome = await recordMissingRefunds(req.scope, body as RecordRequest)
  res.status(200).json(outcome)
}
