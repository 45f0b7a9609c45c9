/**
 * The routes of one account (`accounts/[id]/…`), kept here so they reach
 * the settings code without climbing from the route folders.
 */
import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { splitProviderId } from "./provider-entries"
import { PaymentsUnavailableError } from "./payments-unavailable"
import { resolveCore } from "./registry"
import {
  deleteAccount,
  retrieveAccount,
  servedEntries,
  updateAccount,
} from "./account-changes"
import type { UpdateAccountInput } from "../admin-contract/account-requests"
import { accountView } from "./account-record"
import {
  checkConnection,
  configurationVerdict,
  disabledAccountReason,
} from "./connection-check"
import { actorOf } from "./actor"

/** POST /admin/acquiring/settings/accounts/:id (partial; `sign_key` present = replace) */
export async function updateAccountRoute(
  req: AuthenticatedMedusaRequest<UpdateAccountInput>,
  res: MedusaResponse
) {
  const account = await updateAccount(
    req.scope,
    req.params.id,
    req.validatedBody,
    await actorOf(req)
  )
  res.json({ account: accountView(account) })
}

/** DELETE /admin/acquiring/settings/accounts/:id */
export async function deleteAccountRoute(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  await deleteAccount(req.scope, req.params.id, await actorOf(req))
  res.json({ id: req.params.id, deleted: true })
}

/** POST /admin/acquiring/settings/accounts/:id/test-connection → { outcome, message, code? } */
export async function testConnectionRoute(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const account = await retrieveAccount(req.scope, req.params.id)
  // a disabled account serves no payment: nothing is sent on its behalf
  if (!account.enabled) {
    res.json(configurationVerdict(disabledAccountReason(account.name)))
    return
  }
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
  let core
  try {
    core = await resolveCore(
      {
        provider_id: served.provider_id,
        entry_id: parts.id,
        identifier: parts.identifier,
        raw: served.raw,
      },
      { account_id: account.id }
    )
  } catch (error) {
    if (!(error instanceof PaymentsUnavailableError)) throw error
    // a settings-key or account fault is a verdict too: the reason and its fix, inline
    res.json(configurationVerdict(error.message))
    return
  }
  res.json(await checkConnection(core.options))
}
