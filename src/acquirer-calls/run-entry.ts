/**
 * One batch entry (capture, void, review) at the acquirer, journalled and
 * settled. A lost or untrusted answer, or a refused entry, is checked with
 * the status query: when the payment already is where the operation leads,
 * it counts as done (capturing a captured payment is not a second capture).
 */
import { isOutcomeUnknown, type ResultInfo } from "../gateway/index"
import type { ProviderCore } from "../accounts/core"
import type { OperationKind } from "../journal/journal"
import { lookupOrder, type Lookup } from "./status-query"
import type { SessionData } from "../payment-sessions/session-data"
import type { BatchEntry } from "./batch-entry"

export type EntryRun =
  | { outcome: "done"; answer?: Lookup }
  | { outcome: "refused"; error?: ResultInfo; answer?: Lookup }
  | { outcome: "unknown"; answer?: Lookup; error: unknown }

export async function runEntry(
  core: ProviderCore,
  input: {
    kind: OperationKind
    entry: BatchEntry
    data: SessionData
    payment_id?: string
    /** the status query shows the operation's effect */
    isDone: (answer: Lookup) => boolean
    send: () => Promise<{ ok: boolean; error?: ResultInfo }>
  }
): Promise<EntryRun> {
  const { entry } = input
  const op = await core.journal.record({
    provider_id: core.provider_id,
    kind: input.kind,
    order_no: entry.order_no,
    session_id: input.data.session_id ?? null,
    payment_id: input.payment_id ?? null,
    transaction_id: entry.transaction_id,
    amount: entry.amount,
    currency: entry.currency,
  })
  let sent: { ok: boolean; error?: ResultInfo }
  try {
    sent = await input.send()
  } catch (error) {
    if (!isOutcomeUnknown(error)) {
      await core.journal.settle(op.id, { state: "refused" })
      throw error
    }
    const answer = await lookupOrder(core, entry.order_no)
    if (answer.kind === "found" && input.isDone(answer)) {
      await core.journal.settle(op.id, { state: "done" })
      return { outcome: "done", answer }
    }
    // not visible yet, or the query failed: the request may still be in progress at the acquirer
    await core.journal.settle(op.id, { state: "unknown" })
    core.log("warn", `${input.kind} ${entry.order_no}: outcome unknown`, {
      error,
    })
    return { outcome: "unknown", error, answer }
  }
  if (sent.ok) {
    await core.journal.settle(op.id, { state: "done" })
    return { outcome: "done" }
  }
  const answer = await lookupOrder(core, entry.order_no)
  if (answer.kind === "found" && input.isDone(answer)) {
    await core.journal.settle(op.id, { state: "done" })
    return { outcome: "done", answer }
  }
  await core.journal.settle(op.id, {
    state: "refused",
    result_code: sent.error?.code ?? null,
    result_text: sent.error?.text ?? null,
  })
  core.log("info", `${input.kind} ${entry.order_no} refused`, {
    error: sent.error,
  })
  return { outcome: "refused", error: sent.error, answer }
}
