import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { AccountRecord } from "../../../../providers/acquiring/settings/account-record"
import { settingsService } from "../../../../providers/acquiring/settings/account-changes"
import { settingsView } from "../../../../providers/acquiring/settings/settings-view"

/** GET /admin/acquiring/settings */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const accounts = (await settingsService(req.scope).listAcquiringAccounts(
    {},
    { take: null, order: { created_at: "ASC" } }
  )) as unknown as AccountRecord[]
  res.json(settingsView(req.scope.resolve("configModule"), accounts))
}
