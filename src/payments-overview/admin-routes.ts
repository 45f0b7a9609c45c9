import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type {
  PaymentsOverviewExportQueryType,
  PaymentsOverviewQueryType,
} from "../admin-contract/payments-overview"
import { accountSource } from "../accounts/account-source"
import { chargebackThreshold } from "./chargeback-threshold"
import { paymentsOverview } from "./overview"
import { overviewCsv } from "./overview-csv"

/** The overview of the query, its chargebacks judged against the threshold of the accounts asked for. */
async function overviewOf(
  req: AuthenticatedMedusaRequest<unknown, unknown>,
  query: PaymentsOverviewQueryType
) {
  const threshold = chargebackThreshold(
    req.scope.resolve("configModule"),
    await accountSource().accounts(),
    query.account
  )
  return paymentsOverview(query, threshold)
}

/** GET /admin/acquiring/payments-overview?from=YYYY-MM-DD&to=YYYY-MM-DD&account=… */
export async function overviewRoute(
  req: AuthenticatedMedusaRequest<unknown, PaymentsOverviewQueryType>,
  res: MedusaResponse
) {
  const query = req.validatedQuery as PaymentsOverviewQueryType
  res.status(200).json(await overviewOf(req, query))
}

/** GET /admin/acquiring/payments-overview/export?figure=…&from…: one chart's numbers as CSV. */
export async function overviewExportRoute(
  req: AuthenticatedMedusaRequest<unknown, PaymentsOverviewExportQueryType>,
  res: MedusaResponse
) {
  const { figure, ...query } =
    req.validatedQuery as PaymentsOverviewExportQueryType
  const csv = overviewCsv(await overviewOf(req, query), figure)
  res.setHeader("Content-Type", "text/csv; charset=utf-8")
  res.setHeader(
    "Content-Disposition",
    `attachment; filename="payments-${figure}-${query.from}-to-${query.to}.csv"`
  )
  res.status(200).send(csv)
}
