/**
 * The routes of the accounts (`accounts` and `accounts/[id]/…`), kept here
 * so they reach the settings code without climbing from the route folders.
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
  createAccount,
  deleteAccount,
  retrieveAccount,
  servedEntries,
  updateAccount,
} from "./account-changes"
import type {
  CreateAccountInput,
  UpdateAccountInput,
} from "../admin-contract/account-requests"
import { accountView } from "./account-record"
import {
  checkConnection,
  configurationVerdict,
  disabledAccountReason,
} from "./connection-check"
import { actorOf } from "./actor"
import type { AccountRecord } from "./account-record"
import type { ProviderCore } from "./core"
import { offeredMethods, storeCurrencies } from "./offered-methods"

/** POST /admin/acquiring/settings/accounts (body checked by CreateAccountSchema in middlewares.ts) */
export async function createAccountRoute(
  req: AuthenticatedMedusaRequest<CreateAccountInput>,
  res: MedusaResponse
) {
  const account = await createAccount(
    req.scope,
    req.validatedBody,
    await actorOf(req)
  )
  res.status(200).json({ account: accountView(account) })
}

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

/**
 * The core of an account as a payment would use it (its saved settings over
 * medusa-config), or why it cannot be used: nothing is then sent for it.
 */
async function accountCore(
  req: AuthenticatedMedusaRequest,
  account: AccountRecord
): Promise<{ core: ProviderCore } | { reason: string }> {
  // a disabled account serves no payment: nothing is sent on its behalf
  if (!account.enabled) return { reason: disabledAccountReason(account.name) }
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
  try {
    const core = await resolveCore(
      {
        provider_id: served.provider_id,
        entry_id: parts.id,
        identifier: parts.identifier,
        raw: served.raw,
      },
      { account_id: account.id }
    )
    return { core }
  } catch (error) {
    if (!(error instanceof PaymentsUnavailableError)) throw error
    // a settings-key or account fault: the reason and its fix
    return { reason: error.message }
  }
}

/** POST /admin/acquiring/settings/accounts/:id/test-connection → { outcome, message, code? } */
export async function testConnectionRoute(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const account = await retrieveAccount(req.scope, req.params.id)
  const found = await accountCore(req, account)
  res.json(
    "core" in found
      ? await checkConnection(found.core.options)
      : configurationVerdict(found.reason)
  )
}

/** GET /admin/acquiring/settings/accounts/:id/payment-methods → OfferedMethodsAnswer */
export async function offeredMethodsRoute(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const account = await retrieveAccount(req.scope, req.params.id)
  const found = await accountCore(req, account)
  if (!("core" in found)) {
    res.json({ outcome: "not_asked", message: found.reason })
    return
  }
  const currencies = account.currencies.length
    ? account.currencies
    : await storeCurrencies(req.scope)
  res.json(await offeredMethods(found.core.options, currencies))
}
