/**
 * An order cancelled while a chargeback of its payment was open (opened
 * at the bank while the cancel ran): Medusa cancelled it and logged the
 * acquirer's refusal of its refund, so the order keeps captured money it
 * owes back. Once no chargeback of the payment is open, what is owed
 * (captured, less every refund and lost chargeback Medusa records) is
 * refunded, completing the cancel. Runs under the payment's lock.
 */
import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN } from "@medusajs/framework/utils"
import { refundPaymentsWorkflow } from "@medusajs/medusa/core-flows"
import { exactAmountOf } from "../money/medusa-amount"
import { acquiringModule } from "../modules/acquiring/module-access"
import { loggerOf } from "../order-payments/payment-store"

/** A capture or refund as the query answers it: the amount and its exact raw form. */
type Row = {
  amount?: BigNumberInput | null
  raw_amount?: BigNumberInput | null
}

type PaymentRow = {
  id: string
  captures?: Row[]
  refunds?: Row[]
  payment_collection?: { order?: { id: string; status: string } | null } | null
}

const total = (rows: Row[] | undefined) =>
  (rows ?? []).reduce(
    (sum, row) => MathBN.add(sum, exactAmountOf(row.raw_amount, row.amount)),
    MathBN.convert(0)
  )

export async function completeCancelledOrderRefund(
  container: MedusaContainer,
  paymentId: string
): Promise<void> {
  const open = await acquiringModule().listAcquiringChargebacks({
    payment_id: paymentId,
    status: "OPEN",
  })
  if (open.length) return
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment",
    fields: [
      "id",
      "captures.amount",
      "captures.raw_amount",
      "refunds.amount",
      "refunds.raw_amount",
      "payment_collection.order.id",
      "payment_collection.order.status",
    ],
    filters: { id: paymentId },
  })
  const payment = data[0] as PaymentRow | undefined
  const order = payment?.payment_collection?.order
  if (!payment || order?.status !== "canceled") return
  const owed = MathBN.sub(total(payment.captures), total(payment.refunds))
  if (!MathBN.gt(owed, 0)) return
  await refundPaymentsWorkflow(container).run({
    input: [
      {
        payment_id: paymentId,
        amount: owed.toFixed(),
        note: "Completes the refund of the order's cancellation, refused by the acquirer while a chargeback was open",
      },
    ],
  })
  loggerOf(container).info(
    `[acquiring] order ${order.id} was cancelled while a chargeback was open: its refund of ${owed.toFixed()} is now made`
  )
}
