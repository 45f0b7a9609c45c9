import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { compareRefunds, orderNosOf } from "./refund-comparison"
import type { AdminRefundSearchQueryType } from "./refund-validators"

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
