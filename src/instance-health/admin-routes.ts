import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { healthAnswer } from "./admin-view"
import { settingsService } from "../accounts/account-changes"
import { listAccounts } from "../accounts/account-store"
import type { SettingsAnswer } from "../admin-contract/settings"
import { settingsView } from "../accounts/settings-view"
import {
  cartCoverage,
  StoreScopesSchema,
  type StoreScopes,
} from "../accounts/cart-coverage"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"

/** The store's sales channels and regions, by name. */
async function storeScopes(scope: MedusaContainer): Promise<StoreScopes> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const [channels, regions] = await Promise.all([
    query.graph({ entity: "sales_channel", fields: ["id", "name"] }),
    query.graph({ entity: "region", fields: ["id", "name", "currency_code"] }),
  ])
  return StoreScopesSchema.parse({
    sales_channels: channels.data,
    regions: regions.data,
  })
}

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
    coverage: cartCoverage(
      configModule,
      accounts,
      await storeScopes(req.scope)
    ),
    ...(await healthAnswer(configModule, req.scope.resolve("logger"))),
  }
  res.json(answer)
}
