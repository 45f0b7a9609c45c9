import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import {
  retrieveAccount,
  servedEntries,
} from "../../../../../../../providers/acquiring/settings/account-changes"
import { checkConnection } from "../../../../../../../providers/acquiring/settings/connection-check"
import { resolveCore } from "../../../../../../../providers/acquiring/config/registry"
import { splitProviderId } from "../../../../../../../providers/acquiring/config/provider-entries"

/** POST /admin/acquiring/settings/accounts/:id/test-connection → { outcome, message, code? } */
export async function POST(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const account = await retrieveAccount(req.scope, req.params.id)
  const [served] = servedEntries(
    req.scope.resolve("configModule"),
    account.providers
  )
  const parts = served && splitProviderId(served.provider_id)
  if (!served || !parts) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "The account serves no acquiring provider configured in the payment module"
    )
  }
  // the account's saved settings over medusa-config, exactly as a payment would use them
  const core = await resolveCore(
    {
      provider_id: served.provider_id,
      entry_id: parts.id,
      identifier: parts.identifier,
      raw: served.raw,
    },
    { account_id: account.id }
  )
  res.json(await checkConnection(core.options))
}
