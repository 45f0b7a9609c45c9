/**
 * GET /admin/acquiring/customers/:id/saved-cards
 * The customer's saved cards for the customer page: masked, with the
 * acquiring account each belongs to; never the acquirer's token.
 */
import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { customerCards } from "../../../../providers/acquiring/saved-cards/saved-card-store"
import { adminSavedCardView } from "../../../../providers/acquiring/saved-cards/saved-card-view"

export async function customerSavedCardsRoute(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const cards = await customerCards(req.params.id)
  res.json({ saved_cards: cards.map(adminSavedCardView) })
}
