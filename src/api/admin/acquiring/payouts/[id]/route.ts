import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { loadPayout } from "../../../../../payouts/payout-store"
import { payoutDetailView } from "../../../../../payouts/payout-view"

/** GET /admin/acquiring/payouts/:id: the payout with the acquirer's answer and failure reason. */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const payout = await loadPayout(req.scope, req.params.id)
  res.json({ payout: payoutDetailView(payout) })
}
