import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { ListChangesQuery } from "../admin-contract/account-requests"
import { settingsService } from "./account-changes"
import { listSettingsChanges } from "./account-store"
import type { ChangesAnswer } from "../admin-contract/settings"

/**
 * GET /admin/acquiring/settings/changes?limit=&offset= (newest first).
 * Each entry's `changes` lists the fields it changed, `{field, from, to}`
 * (null: left to medusa-config) or `{field: "sign_key", change: "set" |
 * "replaced"}`, never a key; null on entries older than the values.
 */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const parsed = ListChangesQuery.safeParse(req.query ?? {})
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = issue.path.map(String).join(".") || "query"
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `${field}: ${issue.code === "unrecognized_keys" ? `unknown parameter(s) ${issue.keys.join(", ")}` : issue.message}`
    )
  }
  const { limit, offset } = parsed.data
  const [rows, count] = await listSettingsChanges(settingsService(req.scope), {
    take: limit,
    skip: offset,
  })
  const answer: ChangesAnswer = {
    changes: rows.map((row) => ({
      id: row.id,
      account_id: row.account_id,
      action: row.action,
      fields: row.fields,
      changes: row.changes ?? null,
      actor_id: row.actor_id,
      actor_email: row.actor_email,
      created_at: new Date(row.created_at).toISOString(),
    })),
    count,
    limit,
    offset,
  }
  res.json(answer)
}
