/**
 * Admins as a payment's history names them: by name, else by e-mail (what
 * Medusa's user module holds), and what each asked for in words. Entries
 * written before names were kept ("Admin user user_01… asked to refund 7.5:
 * answered 200") read the same way, from the fields they kept.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { amountText } from "../admin-contract/amount-text"

type Scope = Pick<MedusaContainer, "resolve">

export interface AdminUser {
  first_name?: string | null
  last_name?: string | null
  email?: string | null
}

/** "Ana Lopez", else "ana@shop.example", else "An admin user" (no user found). */
export function adminName(user: AdminUser | null | undefined): string {
  const name = [user?.first_name, user?.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ")
  return name || user?.email?.trim() || "An admin user"
}

/** Each user id's name as adminName gives it; an id Medusa no longer has is left out. */
export async function adminNames(
  scope: Scope,
  ids: readonly (string | null | undefined)[]
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))]
  if (!wanted.length) return new Map()
  try {
    const users = await scope
      .resolve(Modules.USER)
      .listUsers(
        { id: wanted },
        { select: ["id", "first_name", "last_name", "email"] }
      )
    return new Map(users.map((user) => [user.id, adminName(user)]))
  } catch {
    return new Map()
  }
}

/** "Ana Lopez asked to refund 7.50 EUR: accepted" or "…: refused (400)". */
export function adminActionSummary(action: {
  who: string
  operation: string
  amount: string | null
  currency: string | null
  status: number
}): string {
  const amount = action.amount
    ? ` ${amountText(action.amount, action.currency)}`
    : ""
  const answer = action.status < 300 ? "accepted" : `refused (${action.status})`
  return `${action.who} asked to ${action.operation.replace(/_/g, " ")}${amount}: ${answer}`
}

const WRITTEN_BEFORE = /: answered (\d{3})$/

/**
 * An admin entry's summary as it reads now: the admin's name and the
 * amount with its currency's digits, whatever version wrote it. An entry
 * whose answer cannot be read keeps its words.
 */
export function adminEntrySummary(
  entry: {
    summary: string
    operation: string | null
    amount: string | null
    currency: string | null
    actor: string | null
  },
  names: ReadonlyMap<string, string>
): string {
  const status = WRITTEN_BEFORE.exec(entry.summary)?.[1]
  if (!status || !entry.operation) return entry.summary
  return adminActionSummary({
    who: (entry.actor && names.get(entry.actor)) || "An admin user",
    operation: entry.operation,
    amount: entry.amount,
    currency: entry.currency,
    status: Number(status),
  })
}
