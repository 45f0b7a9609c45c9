/**
 * Brings Medusa's payments in line with the acquirer: captures and voids
 * made elsewhere (the merchant portal, a lost answer settled later) are
 * recorded, a void an order cancellation asked for is retried until the
 * acquirer confirms it, and refunds the acquirer made that Medusa lacks are
 * recorded. One status query per core for all the payments given.
 */
import { withKeptCard } from "../saved-cards/kept-card"
import type { MedusaContainer, PaymentDTO } from "@medusajs/framework/types"
import { capturePaymentWorkflow } from "@medusajs/medusa/core-flows"
import { choiceOf, coreFor } from "../accounts/registry"
import type { ProviderCore } from "../accounts/core"
import { applyQueryToPayment } from "../acquirer-calls/settle-attempts"
import { voidPayment } from "../cancellation/void"
import { capturedAmount } from "../capture/capture"
import {
  lookupOrder,
  lookupOrders,
  type Lookup,
} from "../acquirer-calls/status-query"
import { withLedger, type SessionData } from "../payment-sessions/session-data"
import { readSession } from "../payment-sessions/session-store"
import {
  loggerOf,
  paymentModule,
  savePaymentData,
} from "../order-payments/payment-store"
import { recordAcquirerRefundsUnderLock } from "../refunds/refund-reconciliation"
import { withPaymentLock } from "../locking/locks"
import { wasMade } from "../refunds/refunds"
import type { RefundSearchEntry } from "../gateway"
import { thrownMessage } from "../journal/errors"
import { recordChargebacksUnderLock } from "../chargebacks/record-chargebacks"
import { recordPaymentEvent } from "../journal/record-event"

export type StoredPayment = Pick<
  PaymentDTO,
  "id" | "provider_id" | "data" | "captured_at" | "canceled_at"
> & { captures?: Pick<NonNullable<PaymentDTO["captures"]>[number], "id">[] }

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
    const stored = await readSession(payment.data)
    // a payment stays with the account it began with; one that cannot be reached now waits for the next run
    const core = await coreFor(
      container,
      payment.provider_id,
      choiceOf(stored)
    ).catch(() => null)
    if (!core) continue
    const data = withLedger(stored, ledgerKind(core))
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
        const outcome = await withPaymentLock(container, payment.id, () =>
          reconcileUnderLock(container, core, payment, data, {
            answer: answers.get(data.order_no as string),
            refundsDue: refundsDue.has(data.order_no as string),
          })
        )
        outcomes.set(payment.id, outcome)
      } catch (error) {
        outcomes.set(payment.id, "unavailable")
        loggerOf(container).warn(
          `[acquiring] reconciling payment ${payment.id} failed: ${thrownMessage(error)}`
        )
      }
    }
  }
  return outcomes
}

/**
 * One payment under its lock. The batch's status query may predate a
 * capture, refund or cancel that held the lock meanwhile: the payment is
 * read again and, if it changed, looked up again on its own.
 */
async function reconcileUnderLock(
  container: MedusaContainer,
  core: ProviderCore,
  read: StoredPayment,
  readData: SessionData,
  batch: { answer: Lookup | undefined; refundsDue: boolean }
): Promise<ReconcileOutcome> {
  const payment = await currentPayment(container, read.id)
  // what another instance wrote while this one waited for the lock
  const current = withLedger(await readSession(payment.data), ledgerKind(core))
  const changed = JSON.stringify(current) !== JSON.stringify(readData)
  const data = changed ? current : readData
  if (!data.order_no) return "unavailable"
  const answer = changed ? await lookupOrder(core, data.order_no) : batch.answer
  if (answer?.kind !== "found") return answer?.kind ?? "unavailable"
  const after = await withKeptCard(
    applyQueryToPayment(core, data, answer.entry)
  )
  const did = await reconcileOne(container, core, payment, data, after)
  if (after.status === "captured" && (batch.refundsDue || changed)) {
    const refunds = await recordAcquirerRefundsUnderLock(
      container,
      core,
      payment.id,
      after
    )
    if (refunds) did.push(`${refunds} refund(s) made at the acquirer recorded`)
  }
  if (did.length)
    await recordPaymentEvent(
      {
        kind: "job",
        outcome: "reconciled",
        operation: "reconcile",
        summary: `The status query lists ${answer.entry.payment_status ?? "no"} (${after.status}); ${did.join("; ")}`,
        order_no: data.order_no,
        payment_id: payment.id,
        session_id: data.session_id ?? null,
        transaction_id: after.transaction_id ?? null,
      },
      (message) => loggerOf(container).warn(message)
    )
  await recordChargebacksUnderLock(
    container,
    core,
    payment.id,
    after,
    answer.entry
  )
  return "reconciled"
}

async function currentPayment(
  container: MedusaContainer,
  id: string
): Promise<StoredPayment> {
  return paymentModule(container).retrievePayment(id, {
    select: ["id", "provider_id", "data", "captured_at", "canceled_at"],
    relations: ["captures"],
  })
}

/** The payment as captured by the last journalled capture the acquirer made (its answer lost). */
async function withLostCaptureAmount(
  core: ProviderCore,
  before: SessionData,
  after: SessionData
): Promise<SessionData> {
  if (after.captured_amount || !before.order_no) return after
  const ops = await core.journal.list({
    kind: "capture",
    order_no: before.order_no,
    state: ["sent", "unknown", "done"],
  })
  const last = ops[ops.length - 1]
  if (!last?.amount || last.amount === after.amount) return after
  for (const op of ops)
    if (op.state !== "done")
      await core.journal.settle(op.id, {
        state: op === last ? "done" : "refused",
      })
  return { ...after, captured_amount: last.amount }
}

function ledgerKind(core: ProviderCore): "authorise" | "checkout" {
  return core.identifier === "acquiring-card" ? "authorise" : "checkout"
}

async function reconcileOne(
  container: MedusaContainer,
  core: ProviderCore,
  payment: StoredPayment,
  before: SessionData,
  after: SessionData
): Promise<string[]> {
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
      return ["the void the order's cancellation asked for is confirmed"]
    }
    return []
  }
  if (
    after.status === "captured" &&
    !payment.captured_at &&
    !payment.canceled_at &&
    !payment.captures?.length
  ) {
    // a capture whose answer was lost: its journalled amount is what the acquirer captured
    const data = await withLostCaptureAmount(core, before, after)
    await savePaymentData(container, payment, data)
    await capturePaymentWorkflow(container)
      .run({
        input: { payment_id: payment.id, amount: capturedAmount(data) },
      })
      .catch(async (error: unknown) => {
        // a capture Medusa recorded meanwhile outside this lock (the order page's, a capture-at-authorisation notice) leaves all in agreement
        const now = await currentPayment(container, payment.id)
        if (!now.captured_at && !now.captures?.length) throw error
      })
    return [
      `the capture of ${capturedAmount(data)} made at the acquirer recorded`,
    ]
  } else if (
    after.status === "canceled" &&
    !payment.canceled_at &&
    !payment.captured_at
  ) {
    await savePaymentData(container, payment, after)
    await paymentModule(container).cancelPayment(payment.id)
    return ["the void made at the acquirer recorded"]
  } else if (
    after !== before &&
    JSON.stringify(after) !== JSON.stringify(before)
  ) {
    await savePaymentData(container, payment, after)
  }
  return []
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
