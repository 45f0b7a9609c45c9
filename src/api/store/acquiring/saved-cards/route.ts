/**
 * GET /store/acquiring/saved-cards
 * The signed-in customer's saved cards (brand, masked number, when saved
 * and last used; never the acquirer's token). A guest gets the 404 of a
 * route with nothing to show them.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { customerCards } from "../../../../saved-cards/saved-card-store"
import { savedCardView } from "../../../../saved-cards/saved-card-view"
import { savedCardsOwner } from "../../../../saved-cards/saved-cards-owner"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const customerId = savedCardsOwner(req)
  const cards = await customerCards(customerId)
  res.json({ saved_cards: cards.map(savedCardView) })
}
