import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { PayoutList } from "../admin-contract/payouts"
import {
  acquiringEntries,
  fullProviderId,
  IDENTIFIERS,
} from "../accounts/provider-entries"
import { createAcquiringPayoutWorkflow } from "./workflows/create-acquiring-payout"
import { listPayouts, loadPayout } from "./payout-store"
import { payoutDetailView, payoutListView } from "./payout-view"
import type {
  CreatePayoutBody,
  ListPayoutsQuery,
} from "../admin-contract/payout-requests"

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** GET /admin/acquiring/payouts: newest first, personal data masked. */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, ListPayoutsQuery>,
  res: MedusaResponse
) {
  const query = req.validatedQuery
  const filters: Record<string, unknown> = {}
  if (query.status) filters.status = query.status
  if (query.currency) filters.payment_currency = query.currency
  if (query.created_at) {
    const range = Object.fromEntries(
      Object.entries(query.created_at)
        .filter(([, value]) => value !== undefined)
        .map(([op, value]) => [`$${op}`, value])
    )
    if (Object.keys(range).length) filters.created_at = range
  }
  if (query.q) {
    const pattern = like(query.q)
    filters.$or = [
      "reference",
      "request_id",
      "transaction_id",
      "short_reference_id",
      "beneficiary_name",
    ].map((column) => ({ [column]: { $ilike: pattern } }))
  }
  const [payouts, count] = await listPayouts(req.scope, filters, {
    skip: query.offset,
    take: query.limit,
  })
  res.json({
    payouts: payouts.map(payoutListView),
    count,
    limit: query.limit,
    offset: query.offset,
  } satisfies PayoutList)
}

/** GET /admin/acquiring/payouts/:id: the payout with the acquirer's answer and failure reason. */
export async function payoutDetailRoute(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const payout = await loadPayout(req.scope, req.params.id)
  res.json({ payout: payoutDetailView(payout) })
}

function providerFor(req: AuthenticatedMedusaRequest, asked?: string): string {
  const entries = acquiringEntries(req.scope.resolve("configModule"))
  if (asked === undefined) {
    if (!entries.length)
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        "No acquiring payment provider is configured"
      )
    return fullProviderId("acquiring-card", entries[0].id)
  }
  const known = entries.flatMap((entry) =>
    IDENTIFIERS.map((identifier) => fullProviderId(identifier, entry.id))
  )
  if (!known.includes(asked))
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "Invalid request: provider_id: is not a configured acquiring provider"
    )
  return asked
}

/**
 * POST /admin/acquiring/payouts: records the payout, sends it, answers what
 * the acquirer said (201). A repeated idempotency key answers the key's
 * payout as it stands (200) without sending anything; with other fields, 409.
 */
export async function POST(
  req: AuthenticatedMedusaRequest<CreatePayoutBody>,
  res: MedusaResponse
) {
  const body = req.validatedBody
  const { provider_id, ...request } = body
  const { result } = await createAcquiringPayoutWorkflow(req.scope).run({
    input: { ...request, provider_id: providerFor(req, provider_id) },
  })
  if (result.conflicts.length) {
    res.status(409).json({
      type: "conflict",
      message: `idempotency_key was already used for payout ${result.id} with a different ${result.conflicts.join(", ")}`,
    })
    return
  }
  res
    .status(result.created ? 201 : 200)
    .json({ payout: payoutDetailView(await loadPayout(req.scope, result.id)) })
}
