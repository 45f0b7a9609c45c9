/**
 * GET /admin/acquiring/customers/:id/saved-cards
 * The customer's saved cards for the customer page: masked, with the
 * acquiring account each belongs to; never the acquirer's token.
 */
import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { customerCards } from "./saved-card-store"
import { adminSavedCardView } from "./saved-card-view"
import type { SavedCardsAnswer } from "../admin-contract/saved-cards"

export async function customerSavedCardsRoute(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const cards = await customerCards(req.params.id)
  res.json({
    saved_cards: cards.map(adminSavedCardView),
  } satisfies SavedCardsAnswer)
}
