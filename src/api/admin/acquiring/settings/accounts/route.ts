import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { CreateAccountInput } from "../../../../../providers/acquiring/settings/account-input"
import { createAccount } from "../../../../../providers/acquiring/settings/account-changes"
import { accountView } from "../../../../../providers/acquiring/settings/account-record"
import { actorOf } from "../actor"

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
