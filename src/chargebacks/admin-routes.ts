import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type {
  ChargebackListAnswer,
  ChargebackListQueryType,
} from "../admin-contract/chargebacks"
import { chargebackCsv, listChargebacks } from "./chargeback-list"

/** GET /admin/acquiring/chargebacks?status=OPEN,LOST&opened_from=…&opened_to=…&respond_by_to=…&q=…&limit&offset */
export async function listRoute(
  req: AuthenticatedMedusaRequest<unknown, ChargebackListQueryType>,
  res: MedusaResponse
) {
  const query = req.validatedQuery as ChargebackListQueryType
  const { chargebacks, count } = await listChargebacks(req.scope, query)
  res.status(200).json({
    chargebacks,
    count,
    limit: query.limit,
    offset: query.offset,
  } satisfies ChargebackListAnswer)
}

/** GET /admin/acquiring/chargebacks/export: the same filters, every page, as CSV. */
export async function exportRoute(
  req: AuthenticatedMedusaRequest<unknown, ChargebackListQueryType>,
  res: MedusaResponse
) {
  const csv = await chargebackCsv(
    req.scope,
    req.validatedQuery as ChargebackListQueryType
  )
  res.setHeader("Content-Type", "text/csv; charset=utf-8")
  res.setHeader(
    "Content-Disposition",
    `attachment; filename="chargebacks-${new Date().toISOString().slice(0, 10)}.csv"`
  )
  res.status(200).send(csv)
}
