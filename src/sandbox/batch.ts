/**
 * The shape every batch operation shares: message-level checks (account,
 * signature, list, limit) answered with return_status, then each entry on
 * its own with <op>_status and error_message. The response echoes the
 * request's encryption_data, as the wire contract says.
 */
import type { BatchOperation } from "../gateway/limits"
import type { SandboxAccount } from "./accounts"
import { lapseIfDue, lapseWords } from "./authorization-lifetime"
import {
  identify,
  unknownAccount,
  type Reply,
  type SandboxContext,
} from "./context"
import { Refusal, resultInfo } from "./result-codes"
import type { SandboxMessageKind } from "./signer"
import type { Transaction } from "./transactions"
import { entryList, text, type WireBody } from "./wire-fields"

export interface BatchSpec {
  kind: SandboxMessageKind & BatchOperation
  listField: string
  statusField: string
  /** where an entry's `<code>:<text>` goes; error_message unless the operation names another */
  messageField?: string
  /** fields a refused entry carries empty */
  refusedFields?: readonly string[]
  /** the request fields echoed back in each entry */
  echoFields: readonly string[]
  /** applies one entry; throws a Refusal to refuse it; returns extra response fields */
  apply: (
    ctx: SandboxContext,
    account: SandboxAccount,
    entry: WireBody
  ) => Record<string, unknown>
}

export function runBatch(
  ctx: SandboxContext,
  body: WireBody,
  spec: BatchSpec
): Reply {
  const caller = identify(ctx, spec.kind, body)
  if (!caller) return unknownAccount()
  const { account } = caller
  const answer = (
    returnStatus: "0" | "1",
    message: string,
    entries: Record<string, unknown>[]
  ): Reply => ({
    kind: "json",
    body: {
      merchant_id: account.merchant_id,
      account_id: account.account_id,
      encryption_data: text(body, "encryption_data"),
      return_status: returnStatus,
      return_message: message,
      [spec.listField]: entries,
    },
    summary:
      returnStatus === "1"
        ? `return_status=1 ${describe(entries, spec.statusField, spec.messageField ?? "error_message")}`
        : `return_status=0 ${message}`,
  })

  let entries: WireBody[]
  try {
    entries = entryList(body, spec.listField)
  } catch (error) {
    if (!(error instanceof Refusal)) throw error
    return answer("0", caller.signed ? error.info : resultInfo("I0013"), [])
  }
  const messageField = spec.messageField ?? "error_message"
  const refusedEntry = (entry: WireBody, info: string) => ({
    ...echo(entry, spec.echoFields),
    ...Object.fromEntries((spec.refusedFields ?? []).map((f) => [f, ""])),
    [spec.statusField]: "0",
    [messageField]: info,
  })
  const refuseAll = (info: string) =>
    answer(
      "0",
      info,
      entries.map((entry) => refusedEntry(entry, info))
    )

  if (!caller.signed) return refuseAll(resultInfo("I0013"))
  const limit = ctx.batchLimits[spec.kind]
  if (entries.length > limit) {
    return refuseAll(
      resultInfo(
        "E0003",
        `Too many entries in one request: ${entries.length}, the limit is ${limit}`
      )
    )
  }
  const results = entries.map((entry) => {
    try {
      const extra = spec.apply(ctx, account, entry)
      return {
        ...echo(entry, spec.echoFields),
        [messageField]: "",
        ...extra,
        [spec.statusField]: "1",
      }
    } catch (error) {
      if (!(error instanceof Refusal)) throw error
      return refusedEntry(entry, error.info)
    }
  })
  return answer("1", "OK", results)
}

function echo(
  entry: WireBody,
  fields: readonly string[]
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const field of fields) {
    const value = entry[field]
    out[field] =
      typeof value === "string" || typeof value === "number"
        ? String(value)
        : ""
  }
  return out
}

function describe(
  entries: Record<string, unknown>[],
  statusField: string,
  messageField: string
): string {
  const done = entries.filter((e) => e[statusField] === "1").length
  const refused = entries
    .filter((e) => e[statusField] !== "1")
    .map((e) => String(e[messageField]).split(":")[0])
  return `${done}/${entries.length} done${refused.length ? ` refused ${refused.join(",")}` : ""}`
}

/** The entry's transaction in this account; order_no and currency, when sent, must match it. */
export function entryTransaction(
  ctx: SandboxContext,
  account: SandboxAccount,
  entry: WireBody
): Transaction {
  const id = text(entry, "transaction_id")
  if (id.trim() === "")
    throw Refusal.field("E0001", "transaction_id", "is required")
  const tx = ctx.store.ledger(account).transactions.get(id)
  if (!tx) throw new Refusal("E0004", `No such transaction: ${id}`)
  lapseIfDue(ctx, tx)
  const orderNo = text(entry, "order_no")
  if (orderNo !== "" && orderNo !== tx.order_no) {
    throw new Refusal(
      "E0004",
      `No such transaction: order_no ${orderNo} does not belong to transaction ${id}`
    )
  }
  const currency = text(entry, "currency")
  if (currency !== "" && currency.toUpperCase() !== tx.currency) {
    throw Refusal.field(
      "E0002",
      "currency",
      `is ${currency}, the transaction's currency is ${tx.currency}`
    )
  }
  return tx
}

export function notAllowed(
  tx: Transaction,
  operation: string,
  why: string
): Refusal {
  return new Refusal(
    "E0005",
    `Cannot ${operation} transaction ${tx.transaction_id}: ${why}`
  )
}

/** Words for a state in refusal texts. */
export function stateWords(tx: Transaction): string {
  switch (tx.state) {
    case "awaiting_card":
      return "it is waiting for the shopper's card"
    case "pending_3ds":
      return "it is waiting for 3-D Secure authentication"
    case "pending_transfer":
      return "it is waiting for the shopper's bank transfer"
    case "authorised":
      return "it is authorised and not captured"
    case "review":
      return "it is held for review"
    case "captured":
      return tx.refunds.length
        ? "it is captured and refunded"
        : "it is already captured"
    case "voided":
      return tx.lapsed ? lapseWords(tx.lapsed) : "it is voided"
    case "failed":
      return tx.transfer_lapsed_at
        ? "the shopper's bank transfer was not received"
        : "it failed"
  }
}
