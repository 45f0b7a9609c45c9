import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { settingsService } from "../../../../providers/acquiring/settings/account-changes"
import { listAccounts } from "../../../../providers/acquiring/settings/account-store"
import { settingsView } from "../../../../providers/acquiring/settings/settings-view"

/** GET /admin/acquiring/settings */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const accounts = await listAccounts(settingsService(req.scope))
  res.json(settingsView(req.scope.resolve("configModule"), accounts))
}
