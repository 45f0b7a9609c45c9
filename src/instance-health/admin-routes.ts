import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { healthAnswer } from "./admin-view"
import { settingsService } from "../accounts/account-changes"
import { listAccounts } from "../accounts/account-store"
import type { SettingsAnswer } from "../admin-contract/settings"
import { settingsView } from "../accounts/settings-view"

/**
 * GET /admin/acquiring/settings: the accounts, the effective values, what
 * refuses payments now on this instance (`faults`), and what the other
 * instances report (`instance_faults`, `instances`, `background`)
 */
export async function settingsRoute(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const accounts = await listAccounts(settingsService(req.scope))
  const configModule = req.scope.resolve("configModule")
  const answer: SettingsAnswer = {
    ...settingsView(configModule, accounts),
    ...(await healthAnswer(configModule, req.scope.resolve("logger"))),
  }
  res.json(answer)
}
