import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type {
  PaymentsOverviewExportQueryType,
  PaymentsOverviewQueryType,
} from "../admin-contract/payments-overview"
import { paymentsOverview } from "./overview"
import { overviewCsv } from "./overview-csv"

/** GET /admin/acquiring/payments-overview?from=YYYY-MM-DD&to=YYYY-MM-DD&account=… */
export async function overviewRoute(
  req: AuthenticatedMedusaRequest<unknown, PaymentsOverviewQueryType>,
  res: MedusaResponse
) {
  const query = req.validatedQuery as PaymentsOverviewQueryType
  res.status(200).json(await paymentsOverview(query))
}

/** GET /admin/acquiring/payments-overview/export?figure=…&from…: one chart's numbers as CSV. */
export async function overviewExportRoute(
  req: AuthenticatedMedusaRequest<unknown, PaymentsOverviewExportQueryType>,
  res: MedusaResponse
) {
  const { figure, ...query } =
    req.validatedQuery as PaymentsOverviewExportQueryType
  const csv = overviewCsv(await paymentsOverview(query), figure)
  res.setHeader("Content-Type", "text/csv; charset=utf-8")
  res.setHeader(
    "Content-Disposition",
    `attachment; filename="payments-${figure}-${query.from}-to-${query.to}.csv"`
  )
  res.status(200).send(csv)
}
