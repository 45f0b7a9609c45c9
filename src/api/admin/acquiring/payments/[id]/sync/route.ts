import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { SyncAnswer } from "../../../../../../admin-contract/payments"
import { syncPaymentDetail } from "../../../../../../payment-detail/payment-detail"

/** POST /admin/acquiring/payments/:id/sync: the status query now, and what it changed. */
export async function POST(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const { payment, sync } = await syncPaymentDetail(req.scope, req.params.id)
  res.status(200).json({ payment, sync } satisfies SyncAnswer)
}
