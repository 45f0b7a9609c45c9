import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { CreateAccountInput } from "../../../../../admin-contract/account-requests"
import { createAccount } from "../../../../../accounts/account-changes"
import { accountView } from "../../../../../accounts/account-record"
import { actorOf } from "../../../../../accounts/actor"

/** POST /admin/acquiring/settings/accounts (body checked by CreateAccountSchema in middlewares.ts) */
export async function POST(
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
