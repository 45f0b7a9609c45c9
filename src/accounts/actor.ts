import type { AuthenticatedMedusaRequest } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import type { Actor } from "./account-changes"

/** The admin user making a change, for the audit list. */
export async function actorOf(req: AuthenticatedMedusaRequest): Promise<Actor> {
  const id = req.auth_context?.actor_id || null
  if (!id) return { id: null, email: null }
  try {
    const user = await req.scope.resolve(Modules.USER).retrieveUser(id)
    return { id, email: user.email ?? null }
  } catch {
    return { id, email: null }
  }
}
