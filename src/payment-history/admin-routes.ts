import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type {
  HistorySearchQueryType,
  PaymentHistoryAnswer,
} from "../admin-contract/payment-history"
import { searchHistory } from "./history-search"
import { readPaymentHistory } from "./timeline"

/** GET /admin/acquiring/payments/:id/history: the order widget's timeline. */
export async function paymentHistoryRoute(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const history = await readPaymentHistory(req.scope, req.params.id)
  res.status(200).json(history satisfies PaymentHistoryAnswer)
}

/** GET /admin/acquiring/history?order=#12&order_no&transaction_id&operation&outcome&from&to&limit&offset */
export async function historySearchRoute(
  req: AuthenticatedMedusaRequest<unknown, HistorySearchQueryType>,
  res: MedusaResponse
) {
  res
    .status(200)
    .json(
      await searchHistory(
        req.scope,
        req.validatedQuery as HistorySearchQueryType
      )
    )
}
