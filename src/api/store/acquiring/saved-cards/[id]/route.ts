/**
 * DELETE /store/acquiring/saved-cards/:id
 * The signed-in customer forgets one of their saved cards; another
 * customer's card, or any card for a guest, is not found.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { forgetCard } from "../../../../../saved-cards/saved-card-store"
import {
  savedCardNotFound,
  savedCardsOwner,
} from "../../../../../saved-cards/saved-cards-owner"

export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  const id = req.params.id
  const customerId = savedCardsOwner(req, id)
  if (!(await forgetCard(customerId, id))) throw savedCardNotFound(id)
  res.json({ id, object: "saved_card", deleted: true })
}
