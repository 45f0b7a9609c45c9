/**
 * Refunds the acquirer made that Medusa lacks (an answer lost and settled
 * later, a REFUND notification, the merchant portal) are journalled as made
 * and recorded through Medusa's refund workflow; the provider recognises
 * each as already made and sends nothing.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { ProviderCore } from "../accounts/core"
import {
  referenceOfReason,
  searchRefunds,
  settleLostRefunds,
  wasMade,
} from "./refunds"
import type { SessionData } from "../payment-sessions/session-data"
import { loggerOf } from "../order-payments/payment-store"
import { withPaymentLock } from "../locking/locks"
import { thrownMessage } from "../journal/errors"

export interface RecordOptions {
  /** record only the refund with this refund_reference_id (the admin's "Record in Medusa") */
  only?: string
}

/**
 * Runs under the payment's lock (Medusa's locking module), so the reconcile
 * job and a merchant recording by hand never both record one refund: the
 * provider call of the second would find nothing to claim.
 */
export async function recordAcquirerRefunds(
  container: MedusaContainer,
  core: ProviderCore,
  paymentId: string,
  data: SessionData,
  options: RecordOptions = {}
): Promise<number> {
  return withPaymentLock(container, paymentId, () =>
    recordAcquirerRefundsUnderLock(container, core, paymentId, data, options)
  )
}

/** The same, for a caller that already holds the payment's lock. */
export async function recordAcquirerRefundsUnderLock(
  container: MedusaContainer,
  core: ProviderCore,
  paymentId: string,
  data: SessionData,
  options: RecordOptions = {}
): Promise<number> {
  const orderNo = data.order_no
  if (!orderNo) return 0
  await settleLostRefunds(core, orderNo)
  const records = (await searchRefunds(core, orderNo)) ?? []
  const known = await core.journal.list({ kind: "refund", order_no: orderNo })
  for (const record of records) {
    if (
      !wasMade(record) ||
      !record.refund_reference_id ||
      !record.refund_amount
    )
      continue
    if (
      record.transaction_id &&
      data.transaction_id &&
      record.transaction_id !== data.transaction_id
    )
      continue
    const reference = referenceOfReason(record.refund_reason)
    const match = known.find(
      (op) =>
        op.acquirer_reference === record.refund_reference_id ||
        (reference && op.reference === reference && op.state !== "refused")
    )
    if (match) continue
    await core.journal.record({
      provider_id: core.provider_id,
      kind: "refund",
      state: "done",
      order_no: orderNo,
      payment_id: paymentId,
      transaction_id: record.transaction_id ?? data.transaction_id ?? null,
      amount: record.refund_amount,
      currency: record.currency ?? data.currency ?? null,
      acquirer_reference: record.refund_reference_id,
      reference: reference ?? null,
    })
  }
  const unrecorded = (
    await core.journal.list({
      kind: "refund",
      order_no: orderNo,
      state: ["done"],
    })
  ).filter((op) => !options.only || op.acquirer_reference === options.only)
  let recorded = 0
  for (const op of unrecorded) {
    try {
      await refundPaymentWorkflow(container).run({
        input: {
          payment_id: paymentId,
          amount: op.amount as string,
          note: `Made at the acquirer (${op.acquirer_reference ?? "refund"})`,
        },
      })
      recorded += 1
    } catch (error) {
      loggerOf(container).error(
        `[acquiring] a refund of ${op.amount} ${op.currency} made at the acquirer for payment ${paymentId} could not be recorded in Medusa: ${thrownMessage(error)}`
      )
    }
  }
  return recorded
}
