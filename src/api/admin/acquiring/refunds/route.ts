import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { compareRefunds } from "../../../../reconciliation/refund-comparison"
import type { AdminRefundSearchQueryType } from "./validators"

/**
 * GET /admin/acquiring/refunds?order_no=a,b | ?reference=x,y
 * The acquirer's refund search, each refund beside Medusa's record of it.
 */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, AdminRefundSearchQueryType>,
  res: MedusaResponse
) {
  const query = req.validatedQuery as AdminRefundSearchQueryType
  const refunds = await compareRefunds(
    req.scope,
    query.order_no
      ? { order_nos: query.order_no }
      : { references: query.reference }
  )
  res.status(200).json({ refunds, count: refunds.length })
}
