/**
 * The signed result of a transaction: the direct `respon`, the 3-D Secure and
 * browser-return result, and every notification share these fields.
 */
import { encodeForm, type FormValue } from "../gateway/codecs/form"
import type { SandboxAccount } from "./accounts"
import type { SandboxContext } from "./context"
import type { NotificationRecord } from "./notifier"
import { signFields, type SandboxMessageKind } from "./signer"
import { orderStatus, paymentStatus, type Transaction } from "./transactions"

export type NotifyType =
  | "PAYMENT"
  | "REVIEW"
  | "CAPTURE"
  | "CANCEL"
  | "REFUND"
  | "CHARGEBACK"
  | "RECURRING"

/** What signs a result: the result recipe, or a CHARGEBACK or RECURRING notification's own. */
export type ResultKind = Extract<
  SandboxMessageKind,
  "result" | "chargeback" | "recurring"
>

const NOTIFICATION_KINDS: Partial<Record<NotifyType, ResultKind>> = {
  CHARGEBACK: "chargeback",
  RECURRING: "recurring",
}

export function riskReasons(
  tx: Transaction
): { name: string; status: string }[] {
  if (tx.risk_action === "REVIEW")
    return [{ name: "velocity_check", status: "REVIEW" }]
  if (tx.risk_action === "REJECT")
    return [{ name: "blocklist_match", status: "REJECT" }]
  return []
}

/** Whose payment a message is about: the fields every result starts with, in wire order. */
export function paymentIdentity(tx: Transaction): Record<string, string> {
  return {
    merchant_id: tx.merchant_id,
    account_id: tx.account_id,
    transaction_id: tx.transaction_id,
    order_no: tx.order_no,
    currency: tx.currency,
  }
}

/** Result fields in wire order, unsigned. */
export function resultFields(tx: Transaction): Record<string, unknown> {
  return {
    ...paymentIdentity(tx),
    amount: tx.amount,
    card: tx.card_masked,
    payment_method: tx.payment_method,
    order_status: orderStatus(tx),
    result_info: tx.result_info,
    contract_name: tx.subscription?.contract_name ?? "",
    recurring_id: tx.subscription?.recurring_id ?? "",
    recurring_deduction_period:
      tx.subscription?.recurring_deduction_period ?? "",
    recurring_deduction_time: tx.subscription?.recurring_deduction_time ?? "",
    note: tx.note,
    token_id: tx.token_id,
    connector: "sandbox",
    threeds_result: tx.threeds_result,
    risk_action: tx.risk_action,
    risk_score: tx.risk_score,
    risk_reasons: riskReasons(tx),
    order_type: tx.order_type ?? "",
  }
}

export function signResult(
  ctx: SandboxContext,
  account: SandboxAccount,
  fields: Record<string, unknown>,
  kind: ResultKind = "result"
): Record<string, unknown> {
  return {
    ...fields,
    encryption_data: signFields(kind, fields, account.sign_key, ctx.recipes),
  }
}

/** The signed result as flat fields for a browser return or a notification. */
export function signedFlatResult(
  ctx: SandboxContext,
  account: SandboxAccount,
  tx: Transaction,
  extra: Record<string, unknown> = {},
  kind: ResultKind = "result"
): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    ...resultFields(tx),
    payment_status: paymentStatus(tx),
    ...extra,
  }
  if (fields.risk_reasons && (fields.risk_reasons as unknown[]).length === 0)
    fields.risk_reasons = ""
  return signResult(ctx, account, fields, kind)
}

/**
 * Queues a notification of the transaction's current state when it has a
 * notify_url. A CHARGEBACK one carries the chargeback's fields in `extra`
 * and is signed with the chargeback recipe; a RECURRING one its deduction's.
 */
export function notifyOutcome(
  ctx: SandboxContext,
  tx: Transaction,
  notify_type: NotifyType,
  extra: Record<string, unknown> = {}
): NotificationRecord | undefined {
  if (tx.notify_url === "") return undefined
  const account = ctx.accounts.find(tx.merchant_id, tx.account_id)
  if (!account) return undefined
  return ctx.notifier.send({
    notify_type,
    transaction_id: tx.transaction_id,
    url: tx.notify_url,
    fields: signedFlatResult(
      ctx,
      account,
      tx,
      { notify_type, ...extra },
      NOTIFICATION_KINDS[notify_type] ?? "result"
    ),
  })
}

/** `return_url` with the signed result appended as query parameters. */
export function returnLocation(
  base: string,
  fields: Record<string, unknown>
): string {
  const url = new URL(base)
  for (const [name, value] of new URLSearchParams(
    encodeForm(fields as Record<string, FormValue>)
  )) {
    url.searchParams.append(name, value)
  }
  return url.toString()
}
