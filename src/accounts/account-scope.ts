/**
 * What an account's scope may be when it is saved: sales channels and
 * regions this store has, and never the same carts as another enabled
 * account of the same rank (account-record.ts: scopeRank), which would leave
 * the choice between them to the order they were created in.
 */
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { z } from "zod"
import {
  scopeTie,
  type AccountRecord,
  type AccountValues,
} from "./account-record"

type Scope = Pick<MedusaContainer, "resolve">

const IdRowsSchema = z.array(z.object({ id: z.string() }))

function invalid(message: string): MedusaError {
  return new MedusaError(MedusaError.Types.INVALID_DATA, message)
}

async function unknownIds(
  scope: Scope,
  entity: "sales_channel" | "region",
  ids: readonly string[]
): Promise<string[]> {
  if (!ids.length) return []
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity,
    fields: ["id"],
    filters: { id: [...ids] },
  })
  const known = new Set(IdRowsSchema.parse(data).map((row) => row.id))
  return ids.filter((id) => !known.has(id))
}

/** The field two tied accounts are told apart by, the most specific they both name. */
function tieField(a: AccountValues, b: AccountRecord): string {
  if (a.sales_channels?.length && b.sales_channels?.length)
    return "sales_channels"
  if (a.regions?.length && b.regions?.length) return "regions"
  if (a.currencies?.length && b.currencies?.length) return "currencies"
  return a.providers?.length ? "providers" : "sales_channels"
}

/** The fields a save must change for its scope to be checked again: a rename leaves an older tie alone. */
export const SCOPE_FIELDS = [
  "enabled",
  "providers",
  "currencies",
  "sales_channels",
  "regions",
] as const

/** Refuses (400, naming the field) a scope with an unknown channel or region, or one tying with another account. */
export async function checkScope(
  scope: Scope,
  account: AccountValues & { id?: string },
  others: readonly AccountRecord[]
): Promise<void> {
  for (const [field, entity, things] of [
    ["sales_channels", "sales_channel", "sales channels"],
    ["regions", "region", "regions"],
  ] as const) {
    const unknown = await unknownIds(scope, entity, account[field] ?? [])
    if (unknown.length)
      throw invalid(
        `${field}: ${unknown.join(", ")} ${unknown.length > 1 ? "are" : "is"} not among this store's ${things}`
      )
  }
  const tied = others.find((other) => scopeTie(account, other))
  if (tied)
    throw invalid(
      `${tieField(account, tied)}: the account would serve the same carts as "${tied.name}", which is as specific; name a sales channel, region or currency that tells them apart, or disable one of them`
    )
}
