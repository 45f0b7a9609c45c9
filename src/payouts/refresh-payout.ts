import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { loadPayout } from "./payout-store"
import { payoutDetailView } from "./payout-view"
import { refreshAcquiringPayoutWorkflow } from "./workflows/refresh-acquiring-payout"

/** POST /admin/acquiring/payouts/:id/refresh: asks the acquirer (same request_id) unless the payout is settled. */
export async function refreshPayoutRoute(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const payout = await loadPayout(req.scope, req.params.id)
  const { result } = await refreshAcquiringPayoutWorkflow(req.scope).run({
    input: { id: payout.id },
  })
  res.json({ payout: payoutDetailView(await loadPayout(req.scope, result.id)) })
}
