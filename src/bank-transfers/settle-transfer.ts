/**
 * A delayed payment (a bank transfer) ends in Medusa as the acquirer ends
 * it. Medusa made the order while the money was awaited (the session's
 * `pending_authorization`); when the acquirer says it arrived, the payment
 * is recorded on that order, captured (Medusa's own workflow for deferred
 * payments adds the order's transactions); when it lapses or is voided, the
 * order is cancelled as Medusa cancels an unpaid order and the admin's feed
 * says why. Without an order yet (the shopper never came back to the
 * store), an arrived transfer completes the cart, as a card's notification
 * would. Under the session's lock: a notification and the job may both get
 * here.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  authorizePaymentSessionForOrderWorkflow,
  cancelOrderWorkflow,
  processPaymentWorkflow,
} from "@medusajs/medusa/core-flows"
import { withSessionLock } from "../locking/locks"
import {
  loggerOf,
  paymentModule,
  saveSessionData,
} from "../order-payments/payment-store"
import { readSession } from "../payment-sessions/session-store"
import { paymentAttempt } from "../payment-sessions/transitions"
import { transferLapsedNotice } from "./transfer-notice"

type OrderRow = {
  id: string
  display_id?: number | null
  status?: string | null
}

async function orderOfSession(
  container: MedusaContainer,
  sessionId: string
): Promise<OrderRow | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: [
      "payment_collection.order.id",
      "payment_collection.order.display_id",
      "payment_collection.order.status",
    ],
    filters: { id: sessionId },
  })
  const row = data[0] as
    { payment_collection?: { order?: OrderRow | null } | null } | undefined
  return row?.payment_collection?.order ?? null
}

/** Settles one awaited transfer whose state the plugin has just learned. */
export async function settleAwaitedTransfer(
  container: MedusaContainer,
  sessionId: string
): Promise<"recorded" | "cancelled" | "waiting"> {
  return withSessionLock(container, sessionId, async () => {
    const [session] = await paymentModule(container).listPaymentSessions(
      { id: sessionId },
      {
        select: [
          "id",
          "status",
          "data",
          "amount",
          "raw_amount",
          "currency_code",
        ],
      }
    )
    if (!session || session.status !== "pending_authorization") return "waiting"
    const data = await readSession(session.data)
    const state = paymentAttempt(data)?.state
    const order = await orderOfSession(container, sessionId)
    if (state === "captured" || state === "authorized") {
      if (order)
        await authorizePaymentSessionForOrderWorkflow(container).run({
          input: { payment_session_id: sessionId },
        })
      else
        await processPaymentWorkflow(container).run({
          input: {
            action: "authorized",
            data: { session_id: sessionId, amount: String(session.amount) },
          },
        })
      return "recorded"
    }
    if (state !== "declined" && state !== "void") return "waiting"
    // Medusa's session ends as the plugin's did (error, or canceled when voided)
    await saveSessionData(container, session, data)
    if (!order || order.status === "canceled") return "cancelled"
    await cancelOrderWorkflow(container).run({
      input: { order_id: order.id },
    })
    await container.resolve(Modules.NOTIFICATION).createNotifications({
      to: "",
      channel: "feed",
      template: "admin-ui",
      data: transferLapsedNotice({
        order: order.display_id ? `#${order.display_id}` : order.id,
        amount: data.amount ?? "",
        currency: data.currency ?? "",
      }),
    })
    loggerOf(container).info(
      `[acquiring] order ${order.id} cancelled: its bank transfer was not received`
    )
    return "cancelled"
  })
}
