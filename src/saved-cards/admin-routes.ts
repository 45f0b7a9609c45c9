import { MedusaError } from "@medusajs/framework/utils"
import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { SavedCardDeleted } from "../admin-contract/saved-cards"
import { forgetSavedCard } from "./saved-card-store"

/**
 * DELETE /admin/acquiring/saved-cards/:id
 * The merchant forgets a customer's saved card (the customer asked, or the
 * card should no longer be offered).
 */
export async function forgetSavedCardRoute(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const id = req.params.id
  if (!(await forgetSavedCard(id)))
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Saved card ${id} was not found`
    )
  res.json({
    id,
    object: "saved_card",
    deleted: true,
  } satisfies SavedCardDeleted)
}
