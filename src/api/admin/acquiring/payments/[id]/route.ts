import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { AcquiringPayment } from "../../../../../admin-contract/payments"
import { readPaymentDetail } from "../../../../../payment-detail/payment-detail"

/** GET /admin/acquiring/payments/:id: the order widget's view of one payment. */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const payment = await readPaymentDetail(req.scope, req.params.id)
  res.status(200).json({ payment: payment satisfies AcquiringPayment })
}
