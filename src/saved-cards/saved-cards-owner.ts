/** Saved cards belong to a signed-in customer: anyone else is answered as for a card that does not exist. */
import { MedusaError } from "@medusajs/framework/utils"
import type { MedusaRequest } from "@medusajs/framework/http"
import { signedInCustomer } from "../payment-sessions/ownership"

export function savedCardsOwner(req: MedusaRequest, cardId?: string): string {
  const customerId = signedInCustomer(req)
  if (!customerId) throw savedCardNotFound(cardId)
  return customerId
}

export function savedCardNotFound(cardId?: string): MedusaError {
  return new MedusaError(
    MedusaError.Types.NOT_FOUND,
    cardId ? `Saved card ${cardId} was not found` : "No saved cards were found"
  )
}
