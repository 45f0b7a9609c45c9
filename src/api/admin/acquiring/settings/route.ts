import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { configurationFaults } from "../../../../providers/acquiring/config/configuration-faults"
import { settingsService } from "../../../../providers/acquiring/settings/account-changes"
import { listAccounts } from "../../../../providers/acquiring/settings/account-store"
import { settingsView } from "../../../../providers/acquiring/settings/settings-view"

/** GET /admin/acquiring/settings: the accounts, the effective values and what refuses payments now */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const accounts = await listAccounts(settingsService(req.scope))
  const configModule = req.scope.resolve("configModule")
  res.json({
    ...settingsView(configModule, accounts),
    faults: await configurationFaults(
      configModule,
      req.scope.resolve("logger")
    ),
  })
}
