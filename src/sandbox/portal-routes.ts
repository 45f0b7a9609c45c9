/**
 * The acquirer's merchant portal, for tests: a merchant refunds, captures or
 * voids a transaction by hand, outside the API. Each action runs the /v1
 * operation itself with a request signed by the account's key, so the state
 * rules, amounts and refund records are the API's; the signed notification
 * follows through the notifier unless the body says `notify: false` (a lost
 * notification, recorded as withheld).
 */
import express, { type Response } from "express"
import type { Operation, SandboxContext } from "./context"
import type { NotificationRecord } from "./notifier"
import { cancel } from "./operations/cancel"
import { capture } from "./operations/capture"
import { refund } from "./operations/refund"
import { signFields, type SandboxMessageKind } from "./signer"
import {
  orderStatus,
  paymentStatus,
  refundableAmount,
  refundedAmount,
  type Transaction,
} from "./transactions"

/** The refund_reason a portal refund carries unless the body names one. */
export const PORTAL_REFUND_REASON = "portal refund"

interface PortalAction {
  kind: SandboxMessageKind
  operation: Operation
  listField: string
  statusField: string
  messageField: string
  /** the batch entry the portal sends for this transaction and request body */
  entry: (tx: Transaction, body: Record<string, unknown>) => PortalEntry
}

type PortalEntry = Record<string, string | undefined>

const identity = (tx: Transaction): PortalEntry => ({
  transaction_id: tx.transaction_id,
  order_no: tx.order_no,
  currency: tx.currency,
})

const ACTIONS: Record<string, PortalAction> = {
  // The whole authorised amount unless the body names a partial one.
  capture: {
    kind: "capture",
    operation: capture,
    listField: "capture_orders",
    statusField: "capture_status",
    messageField: "error_message",
    entry: (tx, body) => ({
      ...identity(tx),
      amount: fieldText(body.amount) ?? tx.amount,
    }),
  },
  void: {
    kind: "cancel",
    operation: cancel,
    listField: "cancel_orders",
    statusField: "cancel_status",
    messageField: "error_message",
    entry: (tx) => ({ ...identity(tx), amount: tx.amount }),
  },
  refund: {
    kind: "refund",
    operation: refund,
    listField: "refund_orders",
    statusField: "refund_status",
    messageField: "refund_message",
    entry: (tx, body) => ({
      ...identity(tx),
      amount: tx.amount,
      refund_amount: fieldText(body.amount),
      refund_reason: fieldText(body.reason) ?? PORTAL_REFUND_REASON,
    }),
  },
}

export function portalRoutes(ctx: SandboxContext): express.Router {
  const router = express.Router()
  for (const [name, action] of Object.entries(ACTIONS)) {
    router.post(`/transactions/:id/${name}`, (req, res) => {
      const tx = ctx.store.findAnywhere(req.params.id)
      if (!tx)
        return portalError(res, 404, "404", `no transaction ${req.params.id}`)
      const body = (req.body ?? {}) as Record<string, unknown>
      if (body.notify !== undefined && typeof body.notify !== "boolean")
        return portalError(res, 400, "E0001", "notify must be true or false")
      const outcome = act(ctx, tx, action, body)
      if (outcome.info !== undefined) {
        const code = outcome.info.split(":")[0]
        // A refusal because of the transaction's state or balance is a conflict; the rest is the input's fault.
        const status = code === "E0005" || code === "E0006" ? 409 : 400
        return portalError(res, status, code, outcome.info)
      }
      res.json({
        transaction: summary(tx),
        ...outcome.extra,
        notification: outcome.notifications[0] ?? null,
      })
    })
  }
  return router
}

interface ActionOutcome {
  /** `<code>:<text>` of a refused entry */
  info?: string
  /** the operation's extra entry fields (the refund's references) */
  extra: Record<string, unknown>
  notifications: NotificationRecord[]
}

function act(
  ctx: SandboxContext,
  tx: Transaction,
  action: PortalAction,
  body: Record<string, unknown>
): ActionOutcome {
  const account = ctx.accounts.find(tx.merchant_id, tx.account_id)
  if (!account) throw new Error(`no account for ${tx.transaction_id}`)
  const request: Record<string, unknown> = {
    merchant_id: account.merchant_id,
    account_id: account.account_id,
    [action.listField]: [action.entry(tx, body)],
  }
  request.encryption_data = signFields(
    action.kind,
    request,
    account.sign_key,
    ctx.recipes
  )
  const { result: reply, notifications } = ctx.notifier.queuedBy(
    () => action.operation(ctx, { body: request, ip: "portal" }),
    { deliver: body.notify !== false }
  )
  // The batch operations answer synchronously, so their notifications are collected above.
  if (reply instanceof Promise || reply.kind !== "json")
    throw new Error(`the ${action.kind} operation did not answer a batch`)
  const [entry] = reply.body[action.listField] as Record<string, unknown>[]
  if (entry[action.statusField] !== "1")
    return {
      info: String(entry[action.messageField]),
      extra: {},
      notifications,
    }
  const extra =
    action.kind === "refund"
      ? {
          refund: {
            refund_reference_id: entry.refund_reference_id,
            refund_reference: entry.refund_reference,
            refund_amount: entry.refund_amount,
            refund_reason: entry.refund_reason,
          },
        }
      : {}
  return { extra, notifications }
}

function summary(tx: Transaction): Record<string, unknown> {
  return {
    transaction_id: tx.transaction_id,
    order_no: tx.order_no,
    state: tx.state,
    order_status: orderStatus(tx),
    payment_status: paymentStatus(tx),
    amount: tx.amount,
    captured_amount: tx.captured_amount,
    refunded_amount: refundedAmount(tx),
    refundable_amount: refundableAmount(tx),
  }
}

function fieldText(value: unknown): string | undefined {
  if (typeof value === "string") return value
  if (typeof value === "number") return String(value)
  return undefined
}

function portalError(
  res: Response,
  status: number,
  code: string,
  message: string
): void {
  res.status(status).json({ code, source: "portal", message })
}
