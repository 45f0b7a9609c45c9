/**
 * Chargebacks, recorded once from whichever source saw them first: a
 * CHARGEBACK notification (a hint: it prompts the status query), the
 * reconcile job's query, the chargeback watch. Runs under the payment's
 * lock, with a status-query entry in hand (the record).
 *
 * Each change (opened, won, lost) is written once (the row's upsert says
 * which call made it), put in the payment's history and in the admin's
 * feed. A lost chargeback is then recorded in Medusa as a refund of its
 * amount, journalled as made by the acquirer so the provider sends nothing.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { QueryEntry } from "../gateway/index"
import type { ProviderCore } from "../accounts/core"
import type { SessionData } from "../payment-sessions/session-data"
import { acquiringModule } from "../modules/acquiring/module-access"
import type { AcquiringChargebackRow } from "../modules/acquiring/types"
import { loggerOf, paymentModule } from "../order-payments/payment-store"
import {
  orderRefText,
  ordersOfPayments,
} from "../order-payments/order-payments"
import { recordPaymentEvent } from "../journal/record-event"
import { thrownMessage } from "../journal/errors"
import { chargebackRow } from "./chargeback-row"
import type { OpenChargeback } from "../journal/dispute-book"
import { completeCancelledOrderRefund } from "./cancelled-order-refund"
import {
  chargebackNotice,
  lostChargebackNote,
  reasonText,
  type ChargebackChange,
} from "./chargeback-text"

export async function recordChargebacksUnderLock(
  container: MedusaContainer,
  core: ProviderCore,
  paymentId: string,
  data: SessionData,
  entry: QueryEntry
): Promise<void> {
  const listed = entry.chargebacks ?? []
  if (!listed.length || !entry.order_no) return
  const module = acquiringModule()
  for (const chargeback of listed) {
    let row
    try {
      row = chargebackRow(
        {
          provider_id: core.provider_id,
          payment_id: paymentId,
          session_id: data.session_id ?? null,
          currency: data.currency ?? null,
        },
        entry,
        chargeback
      )
    } catch (error) {
      core.log(
        "warn",
        `chargeback ${chargeback.chargeback_reference} of ${entry.order_no} not recorded: ${thrownMessage(error)}`
      )
      continue
    }
    const kept = await module.keepChargeback(row)
    if (kept) await announce(container, row, kept.status as ChargebackChange)
  }
  await accountLostChargebacks(container, core, paymentId, entry.order_no)
  // until it is made: a cancel's refund the acquirer refused while one was open
  await completeCancelledOrderRefund(container, paymentId)
}

async function announce(
  container: MedusaContainer,
  row: OpenChargeback &
    Pick<
      AcquiringChargebackRow,
      "order_no" | "payment_id" | "session_id" | "transaction_id"
    >,
  change: ChargebackChange
): Promise<void> {
  const logger = loggerOf(container)
  const word = { OPEN: "opened", WON: "won", LOST: "lost" }[change]
  await recordPaymentEvent(
    {
      kind: "chargeback",
      outcome: word,
      operation: "chargeback",
      summary: `Chargeback ${row.reference} ${word}: ${row.amount} ${row.currency}, reason ${reasonText(row)}`,
      order_no: row.order_no,
      payment_id: row.payment_id,
      session_id: row.session_id,
      transaction_id: row.transaction_id,
      amount: row.amount,
      currency: row.currency,
    },
    (m) => logger.warn(m)
  )
  const order = row.payment_id
    ? (await ordersOfPayments(container, [row.payment_id])).get(row.payment_id)
    : undefined
  const label = order
    ? orderRefText(
        order.display_id !== null
          ? { display_id: order.display_id }
          : { id: order.id }
      )
    : row.order_no
  try {
    await container.resolve(Modules.NOTIFICATION).createNotifications({
      to: "",
      channel: "feed",
      template: "admin-ui",
      data: chargebackNotice(change, row, label),
    })
  } catch (error) {
    logger.warn(
      `[acquiring] the feed notice of chargeback ${row.reference} was not written: ${thrownMessage(error)}`
    )
  }
  logger.info(
    `[acquiring] chargeback ${row.reference} of order ${label} ${word}: ${row.amount} ${row.currency}`
  )
}

/**
 * Lost chargebacks not yet in Medusa: each is journalled as a refund the
 * acquirer made (its reference unique in the journal, so two instances
 * journal it once) and recorded through Medusa's refund workflow, whose
 * provider call claims that journal row and sends nothing.
 */
async function accountLostChargebacks(
  container: MedusaContainer,
  core: ProviderCore,
  paymentId: string,
  orderNo: string
): Promise<void> {
  const module = acquiringModule()
  const lost = await module.listAcquiringChargebacks({
    order_no: orderNo,
    status: "LOST",
    accounted_at: null,
  })
  for (const chargeback of lost) {
    try {
      const refundId = await recordLost(container, core, paymentId, chargeback)
      await module.markChargebackAccounted(chargeback.id, refundId)
    } catch (error) {
      // the next query of this payment tries again
      loggerOf(container).error(
        `[acquiring] lost chargeback ${chargeback.reference} of payment ${paymentId} could not be recorded in Medusa yet: ${thrownMessage(error)}`
      )
    }
  }
}

async function recordLost(
  container: MedusaContainer,
  core: ProviderCore,
  paymentId: string,
  chargeback: AcquiringChargebackRow
): Promise<string | null> {
  const note = lostChargebackNote(chargeback)
  const existing = await refundWithNote(container, paymentId, note)
  if (existing) return existing
  const journalled = async () =>
    (
      await core.journal.list({ kind: "refund", order_no: chargeback.order_no })
    ).find((op) => op.acquirer_reference === chargeback.reference)
  let op = await journalled()
  if (!op) {
    op = await core.journal
      .record({
        provider_id: core.provider_id,
        kind: "refund",
        state: "done",
        order_no: chargeback.order_no,
        payment_id: paymentId,
        transaction_id: chargeback.transaction_id,
        amount: chargeback.amount,
        currency: chargeback.currency,
        acquirer_reference: chargeback.reference,
        reference: null,
      })
      // another instance journalled it first: the unique reference let one in
      .catch(async (error: unknown) => {
        const found = await journalled()
        if (!found) throw error
        return found
      })
  }
  if (op.state === "done")
    await refundPaymentWorkflow(container).run({
      input: { payment_id: paymentId, amount: chargeback.amount, note },
    })
  return refundWithNote(container, paymentId, note)
}

async function refundWithNote(
  container: MedusaContainer,
  paymentId: string,
  note: string
): Promise<string | null> {
  const refunds = await paymentModule(container).listRefunds(
    { payment_id: paymentId },
    { select: ["id", "note"], take: 1000 }
  )
  return refunds.find((r) => r.note === note)?.id ?? null
}
