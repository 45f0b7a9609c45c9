/**
 * The Medusa payment behind an acquirer's order number: the journal maps the
 * order number (one per attempt) to its payment session, Medusa's payment
 * stands on that session; a journalled refund names the payment itself.
 */
import type { MedusaContainer, PaymentDTO } from "@medusajs/framework/types"
import { operationsOfOrders } from "../journal/journal"
import { paymentModule } from "./payment-store"
import type { SessionData } from "../payment-sessions/session-data"
import { readSessions } from "../payment-sessions/session-store"

type PaymentRow = Pick<
  PaymentDTO,
  | "id"
  | "provider_id"
  | "data"
  | "captured_at"
  | "canceled_at"
  | "currency_code"
>

/** With the session it was made from, which the module answers when selected and PaymentDTO does not list. */
type SessionPaymentRow = PaymentRow & { payment_session_id?: string }

/** A payment with the plugin's state of it. */
export type OrderPayment = PaymentRow & { state: SessionData }

const PAYMENT_FIELDS = [
  "id",
  "provider_id",
  "data",
  "captured_at",
  "canceled_at",
  "currency_code",
]

/** Payments by order number; an order number Medusa has no payment for is absent. */
export async function paymentsOfOrders(
  container: MedusaContainer,
  orderNos: string[]
): Promise<Map<string, OrderPayment>> {
  const found = new Map<string, OrderPayment>()
  if (!orderNos.length) return found
  const ops = await operationsOfOrders(orderNos)
  const sessionOf = new Map<string, string>()
  const paymentOf = new Map<string, string>()
  for (const op of ops) {
    if (op.payment_id) paymentOf.set(op.order_no, op.payment_id)
    if (op.session_id) sessionOf.set(op.order_no, op.session_id)
  }
  const payments = paymentModule(container)
  const sessionIds = [...new Set(sessionOf.values())]
  const bySession: SessionPaymentRow[] = sessionIds.length
    ? await payments.listPayments(
        { payment_session_id: sessionIds },
        { select: [...PAYMENT_FIELDS, "payment_session_id"] }
      )
    : []
  const paymentIds = [...new Set(paymentOf.values())]
  const byId: PaymentRow[] = paymentIds.length
    ? await payments.listPayments(
        { id: paymentIds },
        { select: PAYMENT_FIELDS }
      )
    : []
  const rows = [...byId, ...bySession]
  const states = await readSessions(rows.map((p) => p.data))
  const stateOf = new Map(rows.map((p, i) => [p, states[i]]))
  for (const orderNo of orderNos) {
    const payment =
      byId.find((p) => p.id === paymentOf.get(orderNo)) ??
      bySession.find(
        (p) =>
          sessionOf.has(orderNo) &&
          p.payment_session_id === sessionOf.get(orderNo) &&
          // a session's payment holds the order number of the attempt that paid
          stateOf.get(p)?.order_no === orderNo
      )
    if (payment)
      found.set(orderNo, { ...payment, state: stateOf.get(payment)! })
  }
  return found
}
