import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { AcquiringPayment, SyncAnswer } from "../admin-contract/payments"
import { readPaymentDetail, syncPaymentDetail } from "./payment-detail"

/** GET /admin/acquiring/payments/:id: the order widget's view of one payment. */
export async function paymentDetailRoute(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const payment = await readPaymentDetail(req.scope, req.params.id)
  res.status(200).json({ payment: payment satisfies AcquiringPayment })
}

/** POST /admin/acquiring/payments/:id/sync: the status query now, and what it changed. */
export async function syncPaymentRoute(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const { payment, sync } = await syncPaymentDetail(req.scope, req.params.id)
  res.status(200).json({ payment, sync } satisfies SyncAnswer)
}
