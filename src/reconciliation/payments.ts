/**
 * Brings Medusa's payments in line with the acquirer: captures and voids
 * made elsewhere (the merchant portal, a lost answer settled later) are
 * recorded, a void an order cancellation asked for is retried until the
 * acquirer confirms it, and refunds the acquirer made that Medusa lacks are
 * recorded. One status query per core for all the payments given.
 */
import type { MedusaContainer, PaymentDTO } from "@medusajs/framework/types"
import { capturePaymentWorkflow } from "@medusajs/medusa/core-flows"
import { choiceOf, coreFor } from "../providers/acquiring/config/registry"
import type { ProviderCore } from "../providers/acquiring/config/core"
import { applyQueryToPayment } from "../providers/acquiring/money/settle-attempts"
import { voidPayment } from "../providers/acquiring/money/void"
import { lookupOrders } from "../providers/acquiring/port/status-query"
import {
  parseSessionData,
  type SessionData,
} from "../providers/acquiring/session/session-data"
import { withLedger } from "../providers/acquiring/session/session-data"
import { loggerOf, paymentModule, savePaymentData } from "./payment-store"
import { recordAcquirerRefunds } from "./refunds"
import { wasMade } from "../providers/acquiring/money/refunds"
import type { RefundSearchEntry } from "../gateway"

export type StoredPayment = Pick<
  PaymentDTO,
  "id" | "provider_id" | "data" | "captured_at" | "canceled_at"
>

/** What the status query said of each payment looked up. */
export type ReconcileOutcome = "reconciled" | "not_found" | "unavailable"

export async function reconcilePayments(
  container: MedusaContainer,
  payments: StoredPayment[]
): Promise<Map<string, ReconcileOutcome>> {
  const outcomes = new Map<string, ReconcileOutcome>()
  const byCore = new Map<
    string,
    {
      core: ProviderCore
      items: { payment: StoredPayment; data: SessionData }[]
    }
  >()
  for (const payment of payments) {
    const stored = parseSessionData(payment.data)
    // a payment stays with the account it began with; one that cannot be reached now waits for the next run
    const core = await coreFor(
      container,
      payment.provider_id,
      choiceOf(stored)
    ).catch(() => null)
    if (!core) continue
    const data = withLedger(
      stored,
      core.identifier === "acquiring-card" ? "authorise" : "checkout"
    )
    if (!data.order_no) continue
    // one status query per provider and account
    const key = `${core.provider_id}|${core.account.id ?? ""}`
    const group = byCore.get(key) ?? { core, items: [] }
    group.items.push({ payment, data })
    byCore.set(key, group)
  }
  for (const { core, items } of byCore.values()) {
    const answers = await lookupOrders(
      core,
      items.map((i) => i.data.order_no as string)
    )
    const refundsDue = await ordersWithRefundsToRecord(
      core,
      items.map((i) => i.data.order_no as string)
    )
    for (const { payment, data } of items) {
      try {
        const answer = answers.get(data.order_no as string)
        if (answer?.kind !== "found") {
          outcomes.set(payment.id, answer?.kind ?? "unavailable")
          continue
        }
        const after = applyQueryToPayment(core, data, answer.entry)
        await reconcileOne(container, core, payment, data, after)
        outcomes.set(payment.id, "reconciled")
        if (
          after.status === "captured" &&
          refundsDue.has(data.order_no as string)
        ) {
          await recordAcquirerRefunds(container, core, payment.id, after)
        }
      } catch (error) {
        outcomes.set(payment.id, "unavailable")
        loggerOf(container).warn(
          `[acquiring] reconciling payment ${payment.id} failed: ${error instanceof Error ? error.message : "unknown error"}`
        )
      }
    }
  }
  return outcomes
}

async function reconcileOne(
  container: MedusaContainer,
  core: ProviderCore,
  payment: StoredPayment,
  before: SessionData,
  after: SessionData
): Promise<void> {
  if (before.void_pending) {
    const data =
      after.status === "canceled"
        ? after
        : await voidPayment(core, before, payment.id)
    if (!data.void_pending) {
      await savePaymentData(container, payment, data)
      loggerOf(container).info(
        `[acquiring] the void of payment ${payment.id} (order cancelled) is confirmed`
      )
    }
    return
  }
  if (
    after.status === "captured" &&
    !payment.captured_at &&
    !payment.canceled_at
  ) {
    await savePaymentData(container, payment, after)
    await capturePaymentWorkflow(container).run({
      input: { payment_id: payment.id },
    })
  } else if (
    after.status === "canceled" &&
    !payment.canceled_at &&
    !payment.captured_at
  ) {
    await savePaymentData(container, payment, after)
    await paymentModule(container).cancelPayment(payment.id)
  } else if (
    after !== before &&
    JSON.stringify(after) !== JSON.stringify(before)
  ) {
    await savePaymentData(container, payment, after)
  }
}

/**
 * Orders whose refunds at the acquirer and in the journal differ, or whose
 * refunds are unsettled: one refund search and one journal read for all.
 */
async function ordersWithRefundsToRecord(
  core: ProviderCore,
  orderNos: string[]
): Promise<Set<string>> {
  const due = new Set<string>()
  if (!orderNos.length) return due
  const journalled = await core.journal.list(
    { kind: "refund", order_no: orderNos },
    10_000
  )
  for (const op of journalled)
    if (op.state !== "recorded" && op.state !== "refused") due.add(op.order_no)
  let records: RefundSearchEntry[]
  try {
    records = await core.gateway.retrieveRefunds({ order_nos: orderNos })
  } catch (error) {
    core.log("warn", `refund search for ${orderNos.length} order(s) failed`, {
      error,
    })
    return due
  }
  const known = new Set(
    journalled.map((op) => op.acquirer_reference).filter(Boolean)
  )
  for (const record of records) {
    if (
      record.order_no &&
      wasMade(record) &&
      record.refund_reference_id &&
      !known.has(record.refund_reference_id)
    ) {
      due.add(record.order_no)
    }
  }
  return due
}
