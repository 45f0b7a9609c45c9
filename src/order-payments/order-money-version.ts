/**
 * A short fingerprint of everything the order page shows of an order's
 * money: Medusa's order, its payment collections, sessions, payments,
 * captures, refunds and transactions, and the plugin's state of those
 * sessions, their chargebacks and the order's payment links. The open
 * order page asks for it every few seconds while its tab is visible and
 * reloads what it shows only when it changed: money moves where the page
 * cannot see it (a capture on fulfilment, a link paid by the shopper, a
 * transfer arriving, a chargeback opened any day), and Medusa's events
 * reach one instance only, so the page asks the database every instance
 * shares. Ids, statuses, amounts and update times only: a few indexed
 * reads, nothing of the shopper.
 */
import { createHash } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { readOrderGraph } from "./order-graph"
import { acquiringModule } from "../modules/acquiring/module-access"

const ORDER_FIELDS = [
  "id",
  "status",
  "version",
  "updated_at",
  "transactions.id",
  "payment_collections.id",
  "payment_collections.status",
  "payment_collections.amount",
  "payment_collections.captured_amount",
  "payment_collections.refunded_amount",
  "payment_collections.updated_at",
  "payment_collections.payment_sessions.id",
  "payment_collections.payment_sessions.status",
  "payment_collections.payment_sessions.updated_at",
  "payment_collections.payments.id",
  "payment_collections.payments.amount",
  "payment_collections.payments.captured_at",
  "payment_collections.payments.canceled_at",
  "payment_collections.payments.updated_at",
  "payment_collections.payments.captures.id",
  "payment_collections.payments.refunds.id",
]

type Row = { id: string } | null | undefined

type OrderRow = {
  id: string
  payment_collections?:
    | ({
        payment_sessions?: Row[] | null
        payments?: Row[] | null
      } | null)[]
    | null
}

const ids = (rows: Row[] | null | undefined): string[] =>
  (rows ?? []).flatMap((row) => (row ? [row.id] : []))

/** The order's money fingerprint; 404 when Medusa has no such order. */
export async function orderMoneyVersion(
  container: MedusaContainer,
  orderId: string
): Promise<string> {
  const order = await readOrderGraph<OrderRow>(container, orderId, ORDER_FIELDS)
  const collections = (order.payment_collections ?? []).filter(Boolean)
  const sessionIds = collections.flatMap((c) => ids(c?.payment_sessions))
  const paymentIds = collections.flatMap((c) => ids(c?.payments))
  const plugin = acquiringModule()
  const [states, chargebacks, links] = await Promise.all([
    sessionIds.length
      ? plugin.listAcquiringSessionStates(
          { id: sessionIds },
          { select: ["id", "updated_at"], order: { id: "ASC" } }
        )
      : [],
    paymentIds.length
      ? plugin.listAcquiringChargebacks(
          { payment_id: paymentIds },
          {
            select: ["id", "status", "refund_id", "updated_at"],
            order: { id: "ASC" },
          }
        )
      : [],
    plugin.listAcquiringPaymentLinks(
      { order_id: order.id },
      {
        select: ["id", "used_at", "paid_at", "updated_at"],
        order: { id: "ASC" },
      }
    ),
  ])
  return createHash("sha256")
    .update(JSON.stringify([order, states, chargebacks, links]))
    .digest("base64url")
    .slice(0, 22)
}
