/**
 * The status query (retrievalTrans) as the provider uses it: many order
 * numbers in as few requests as the limits allow, each answered as found,
 * not found, or unavailable. Never a guess: an unreadable answer is
 * "unavailable" and changes nothing.
 */
import { QUERY_RESULT, type QueryEntry } from "../gateway/index"
import type { ProviderCore } from "../accounts/core"

export type Lookup =
  | { kind: "found"; entry: QueryEntry }
  | { kind: "not_found" }
  | { kind: "unavailable"; reason: string }

export async function lookupOrders(
  core: Pick<ProviderCore, "gateway" | "log">,
  orderNos: readonly string[]
): Promise<Map<string, Lookup>> {
  const answers = new Map<string, Lookup>()
  const unique = [...new Set(orderNos)]
  if (!unique.length) return answers
  let entries: QueryEntry[]
  try {
    entries = await core.gateway.retrieveTransactions({ order_nos: unique })
  } catch (error) {
    core.log("warn", `status query for ${unique.length} order(s) failed`, {
      error,
    })
    const reason =
      error instanceof Error ? error.message : "status query failed"
    for (const orderNo of unique)
      answers.set(orderNo, { kind: "unavailable", reason })
    return answers
  }
  for (const orderNo of unique) {
    const entry = entries.find((e) => e.order_no === orderNo)
    if (!entry)
      answers.set(orderNo, { kind: "unavailable", reason: "not in the answer" })
    else if (entry.query_result === QUERY_RESULT.NOT_FOUND)
      answers.set(orderNo, { kind: "not_found" })
    else if (entry.query_result !== QUERY_RESULT.FOUND) {
      answers.set(orderNo, {
        kind: "unavailable",
        reason: `query_result ${entry.query_result ?? "missing"}`,
      })
    } else answers.set(orderNo, { kind: "found", entry })
  }
  return answers
}

export async function lookupOrder(
  core: Pick<ProviderCore, "gateway" | "log">,
  orderNo: string
): Promise<Lookup> {
  return (
    (await lookupOrders(core, [orderNo])).get(orderNo) ?? { kind: "not_found" }
  )
}
