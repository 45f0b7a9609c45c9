import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { compareRefunds, orderNosOf } from "./refund-comparison"
import { recordMissingRefunds, type RecordRequest } from "./record-refund"
import type {
  AdminRecordRefundBodyType,
  AdminRefundSearchQueryType,
} from "./refund-validators"

/**
 * GET /admin/acquiring/refunds?order=#12,order_… | ?transaction_id=a,b
 *   | ?order_no=a,b | ?reference=x,y
 * The acquirer's refund search, each refund beside Medusa's record of it.
 * Orders and transaction ids are searched by their order numbers;
 * `unmatched` lists the ones that name no acquiring payment.
 */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, AdminRefundSearchQueryType>,
  res: MedusaResponse
) {
  const query = req.validatedQuery as AdminRefundSearchQueryType
  if (query.order_no || query.reference) {
    const refunds = await compareRefunds(
      req.scope,
      query.order_no
        ? { order_nos: query.order_no }
        : { references: query.reference }
    )
    res.status(200).json({ refunds, count: refunds.length, unmatched: [] })
    return
  }
  const { order_nos, unmatched } = await orderNosOf(
    req.scope,
    query.order
      ? { orders: query.order }
      : { transaction_ids: query.transaction_id ?? [] }
  )
  const refunds = await compareRefunds(req.scope, { order_nos })
  res.status(200).json({ refunds, count: refunds.length, unmatched })
}

/**
 * POST /admin/acquiring/refunds/record {refund_reference_id} | {order_no}
 * Records in Medusa refunds the acquirer made that Medusa lacks (one, or all
 * of the order's). Sends nothing to the acquirer; a repeat records nothing.
 */
export async function recordRefundsRoute(
  req: AuthenticatedMedusaRequest<AdminRecordRefundBodyType>,
  res: MedusaResponse
) {
  const body = req.validatedBody
  const outcome = await recordMissingRefunds(req.scope, body as RecordRequest)
  res.status(200).json(outcome)
}
