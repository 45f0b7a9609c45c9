import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { customerCards, forgetCard } from "./saved-card-store"
import { savedCardView } from "./saved-card-view"
import { savedCardNotFound, savedCardsOwner } from "./saved-cards-owner"

/**
 * GET /store/acquiring/saved-cards
 * The signed-in customer's saved cards (brand, masked number, when saved
 * and last used; never the acquirer's token). A guest gets the 404 of a
 * route with nothing to show them.
 */
export async function listSavedCardsRoute(
  req: MedusaRequest,
  res: MedusaResponse
) {
  const customerId = savedCardsOwner(req)
  const cards = await customerCards(customerId)
  res.json({ saved_cards: cards.map(savedCardView) })
}

/**
 * DELETE /store/acquiring/saved-cards/:id
 * The signed-in customer forgets one of their saved cards; another
 * customer's card, or any card for a guest, is not found.
 */
export async function forgetSavedCardRoute(
  req: MedusaRequest,
  res: MedusaResponse
) {
  const id = req.params.id
  const customerId = savedCardsOwner(req, id)
  if (!(await forgetCard(customerId, id))) throw savedCardNotFound(id)
  res.json({ id, object: "saved_card", deleted: true })
}
