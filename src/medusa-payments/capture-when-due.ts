/**
 * Capture on fulfilment or on shipment: when an order reaches the moment
 * its account captures at, each of its acquiring payments still only
 * authorised is captured whole through Medusa's own capture workflow, so
 * the capture takes the same journalled, coalesced path as one made from
 * the order page. A capture that fails is logged and put in the admin's
 * notification feed; one whose outcome is unknown is settled by the
 * reconcile job like any other.
 */
import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { capturePaymentWorkflow } from "@medusajs/medusa/core-flows"
import {
  capturePolicy,
  type CaptureMoment,
} from "../providers/acquiring/config/capture-policy"
import { isAcquiringProvider } from "../providers/acquiring/config/provider-entries"
import { choiceOf, coreFor } from "../providers/acquiring/config/registry"
import { formatAmount } from "../gateway"
import { thrownMessage } from "../providers/acquiring/operations/errors"
import { exactAmount } from "../providers/acquiring/operations/medusa-amount"
import { readSessions } from "../providers/acquiring/session/session-store"

type DueMoment = Extract<CaptureMoment, "fulfilment" | "shipment">

interface OrderPaymentRow {
  id: string
  provider_id: string
  data: unknown
  amount: BigNumberInput
  currency_code: string
  captured_at: unknown
  canceled_at: unknown
  captures?: { id: string }[] | null
}

export interface CaptureDueOutcome {
  payment_id: string
  outcome: "captured" | "failed"
  message?: string
}

const MOMENT_WORDS: Record<DueMoment, string> = {
  fulfilment: "fulfilment was created",
  shipment: "shipment was created",
}

/** The order whose fulfilment was shipped: shipment events name only the fulfilment. */
export async function orderOfFulfillment(
  container: MedusaContainer,
  fulfillmentId: string
): Promise<string | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order_fulfillment",
    fields: ["order_id"],
    filters: { fulfillment_id: fulfillmentId },
  })
  return (data[0] as { order_id?: string } | undefined)?.order_id
}

export async function captureWhenDue(
  container: MedusaContainer,
  orderId: string,
  moment: DueMoment
): Promise<CaptureDueOutcome[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "display_id",
      "payment_collections.payments.id",
      "payment_collections.payments.provider_id",
      "payment_collections.payments.data",
      "payment_collections.payments.amount",
      "payment_collections.payments.currency_code",
      "payment_collections.payments.captured_at",
      "payment_collections.payments.canceled_at",
      "payment_collections.payments.captures.id",
    ],
    filters: { id: orderId },
  })
  const order = data[0] as
    | {
        display_id?: number
        payment_collections?: { payments?: OrderPaymentRow[] }[]
      }
    | undefined
  const open = (order?.payment_collections ?? [])
    .flatMap((collection) => collection?.payments ?? [])
    .filter(
      (p) =>
        p &&
        isAcquiringProvider(p.provider_id) &&
        !p.captured_at &&
        !p.canceled_at &&
        !p.captures?.length
    )
  const states = await readSessions(open.map((p) => p.data))
  const outcomes: CaptureDueOutcome[] = []
  for (const [i, payment] of open.entries()) {
    if (states[i].status !== "authorized") continue
    const core = await coreFor(
      container,
      payment.provider_id,
      choiceOf(states[i])
    ).catch(() => undefined)
    // a configuration fault is the banner's to tell; the payment stays capturable by hand
    if (!core || capturePolicy(core.options) !== moment) continue
    try {
      await capturePaymentWorkflow(container).run({
        input: { payment_id: payment.id },
      })
      outcomes.push({ payment_id: payment.id, outcome: "captured" })
    } catch (error) {
      const message = thrownMessage(error)
      outcomes.push({ payment_id: payment.id, outcome: "failed", message })
      await reportFailure(container, {
        order: order?.display_id ? `#${order.display_id}` : orderId,
        payment,
        moment,
        message,
      })
    }
  }
  return outcomes
}

async function reportFailure(
  container: MedusaContainer,
  failure: {
    order: string
    payment: OrderPaymentRow
    moment: DueMoment
    message: string
  }
): Promise<void> {
  const { order, payment, moment, message } = failure
  const amount = formatAmount(
    exactAmount(payment.amount),
    payment.currency_code
  )
  const description = `Order ${order}: its ${MOMENT_WORDS[moment]}, but capturing ${amount} ${payment.currency_code.toUpperCase()} failed (${message}). Capture it from the order page.`
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .error(`[acquiring] capture on ${moment}: ${description}`)
  try {
    await container.resolve(Modules.NOTIFICATION).createNotifications({
      to: "",
      channel: "feed",
      template: "admin-ui",
      data: { title: "Capture failed", description },
    })
  } catch (error) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `[acquiring] the admin feed could not be told: ${thrownMessage(error)}`
      )
  }
}
