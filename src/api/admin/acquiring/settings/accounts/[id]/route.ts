import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { UpdateAccountInput } from "../../../../../../providers/acquiring/settings/account-input"
import {
  deleteAccount,
  updateAccount,
} from "../../../../../../providers/acquiring/settings/account-changes"
import { accountView } from "../../../../../../providers/acquiring/settings/account-record"
import { actorOf } from "../../actor"

/** POST /admin/acquiring/settings/accounts/:id (partial; `sign_key` present = replace) */
export async function POST(
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
export async function DELETE(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  await deleteAccount(req.scope, req.params.id, await actorOf(req))
  res.json({ id: req.params.id, deleted: true })
}
