/**
 * Capture on fulfilment or on shipment: when an order reaches the moment
 * its account captures at, each of its acquiring payments still only
 * authorised is captured whole through Medusa's own capture workflow, so
 * the capture takes the same journalled, coalesced path as one made from
 * the order page. A capture that fails is logged and put in the admin's
 * notification feed; one whose answer was lost is confirmed by the
 * reconcile job, which captures again if it was not made; one this
 * instance cannot make because of its own configuration is left to the
 * reconcile job, which makes it once the fault is fixed.
 */
import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { capturePaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { CaptureMoment } from "../admin-contract/option-fields"
import { capturePolicy } from "../accounts/capture-policy"
import { choiceOf, coreFor } from "../accounts/registry"
import {
  PaymentsUnavailableError,
  reportUnavailable,
} from "../accounts/payments-unavailable"
import { formatAmount } from "../gateway/index"
import { thrownMessage } from "../journal/errors"
import { exactAmount } from "../money/medusa-amount"
import { readSession, readSessions } from "../payment-sessions/session-store"
import type { SessionData } from "../payment-sessions/session-data"
import type { ProviderCore } from "../accounts/core"
import { paymentModule, savePaymentData } from "../order-payments/payment-store"
import { ordersOfPayments } from "../order-payments/order-payments"
import { acquiringPaymentsOfOrders } from "../order-payments/acquiring-payments-of-order"

type DueMoment = Extract<CaptureMoment, "fulfilment" | "shipment">

interface OrderPaymentRow {
  id: string
  provider_id: string
  data?: unknown
  amount: BigNumberInput
  currency_code: string
  captured_at?: unknown
  canceled_at?: unknown
  captures?: { id: string }[] | null
}

export interface CaptureDueOutcome {
  payment_id: string
  /** unsettled: the answer was lost, or this instance cannot use the account now; the reconcile job confirms it and captures (again) if needed */
  outcome: "captured" | "failed" | "unsettled"
  message?: string
}

const PAYMENT_FIELDS = [
  "id",
  "provider_id",
  "data",
  "amount",
  "currency_code",
  "captured_at",
  "canceled_at",
] as const

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
  const [order] = await acquiringPaymentsOfOrders<OrderPaymentRow>(
    container,
    { id: orderId },
    [
      "data",
      "amount",
      "currency_code",
      "captured_at",
      "canceled_at",
      "captures.id",
    ]
  )
  const open = (order?.payments ?? []).filter(
    (p) => !p.captured_at && !p.canceled_at && !p.captures?.length
  )
  const states = await readSessions(open.map((p) => p.data))
  const outcomes: CaptureDueOutcome[] = []
  for (const [i, payment] of open.entries()) {
    if (states[i].status !== "authorized") continue
    let core: ProviderCore | undefined
    try {
      core = await coreFor(container, payment.provider_id, choiceOf(states[i]))
    } catch (error) {
      // this instance's own configuration fault (the banner tells it): kept for the reconcile job
      if (error instanceof PaymentsUnavailableError)
        outcomes.push(await keepForLater(container, payment, moment, error))
      continue
    }
    if (capturePolicy(core.options) !== moment) continue
    outcomes.push(
      await captureDue(container, {
        order: order?.display_id ? `#${order.display_id}` : orderId,
        payment,
        data: states[i],
        core,
        moment,
      })
    )
  }
  return outcomes
}

/**
 * A capture this instance cannot make because of its own configuration
 * (it cannot decrypt the account's sign key, say): the payment is marked
 * due, so the reconcile job captures it once the fault is fixed, if its
 * account still captures at this moment; until then it stays capturable
 * by hand. Nothing is sent to the acquirer.
 */
async function keepForLater(
  container: MedusaContainer,
  payment: OrderPaymentRow,
  moment: DueMoment,
  fault: PaymentsUnavailableError
): Promise<CaptureDueOutcome> {
  reportUnavailable(container.resolve(ContainerRegistrationKeys.LOGGER), fault)
  const current = await readSession(payment.data)
  if (current.capture_due !== moment)
    await savePaymentData(container, payment, {
      ...current,
      capture_due: moment,
    })
  return {
    payment_id: payment.id,
    outcome: "unsettled",
    message: fault.message,
  }
}

/**
 * One capture the order's moment asked for. A refusal is told as a failure
 * to capture by hand; a lost answer is told as being confirmed, and marked
 * so the reconcile job captures again (the capture path itself first asks
 * the acquirer whether the lost one was made, so nothing is taken twice).
 */
async function captureDue(
  container: MedusaContainer,
  due: {
    order: string
    payment: OrderPaymentRow
    data: SessionData
    core: ProviderCore
    moment: DueMoment
  }
): Promise<CaptureDueOutcome> {
  const { payment, data, core, moment } = due
  try {
    await capturePaymentWorkflow(container).run({
      input: { payment_id: payment.id },
    })
    return { payment_id: payment.id, outcome: "captured" }
  } catch (error) {
    const message = thrownMessage(error)
    const unsettled = data.order_no
      ? (
          await core.journal.list({
            kind: "capture",
            order_no: data.order_no,
            state: ["sent", "unknown"],
          })
        ).length > 0
      : false
    const current = await readSession(
      (
        await paymentModule(container).retrievePayment(payment.id, {
          select: ["id", "data"],
        })
      ).data
    )
    if (unsettled) {
      // told once: later runs of the job retry quietly
      if (current.capture_due !== moment) {
        await savePaymentData(container, payment, {
          ...current,
          capture_due: moment,
        })
        await tell(container, "Capture being confirmed", {
          ...due,
          text: `the acquirer's answer to capturing it was lost. The reconcile job confirms it within 15 minutes and captures again if it was not made: nothing is captured twice.`,
        })
      }
      return { payment_id: payment.id, outcome: "unsettled", message }
    }
    if (current.capture_due)
      await savePaymentData(container, payment, {
        ...current,
        capture_due: undefined,
      })
    await tell(container, "Capture failed", {
      ...due,
      text: `capturing it failed (${message}). Open the order: capture it by hand once the reason is dealt with, or send the customer a payment link if the authorisation is gone.`,
    })
    return { payment_id: payment.id, outcome: "failed", message }
  }
}

/**
 * The reconcile job's retry of captures whose answer was lost: each payment
 * marked, still authorised and uncaptured in Medusa, captured again.
 */
export async function retryLostCaptures(
  container: MedusaContainer,
  payments: { id: string; data?: unknown }[]
): Promise<CaptureDueOutcome[]> {
  const states = await readSessions(payments.map((p) => p.data))
  const marked = payments.filter(
    (_, i) => states[i].capture_due && states[i].status === "authorized"
  )
  const orders = await ordersOfPayments(
    container,
    marked.map((p) => p.id)
  )
  const outcomes: CaptureDueOutcome[] = []
  for (const { id } of marked) {
    const payment: OrderPaymentRow = await paymentModule(
      container
    ).retrievePayment(id, {
      select: [...PAYMENT_FIELDS],
      relations: ["captures"],
    })
    const data = await readSession(payment.data)
    const moment = data.capture_due
    if (!moment || payment.captured_at || payment.canceled_at) continue
    if (payment.captures?.length || data.status !== "authorized") continue
    const core = await coreFor(
      container,
      payment.provider_id,
      choiceOf(data)
    ).catch(() => undefined)
    // still a configuration fault here: the next run tries again
    if (!core) continue
    // marked while the account could not be read: captured only if its account captures at that moment
    if (capturePolicy(core.options) !== moment) {
      await savePaymentData(container, payment, {
        ...data,
        capture_due: undefined,
      })
      continue
    }
    const order = orders.get(id)
    outcomes.push(
      await captureDue(container, {
        order: order?.display_id ? `#${order.display_id}` : (order?.id ?? id),
        payment,
        data,
        core,
        moment,
      })
    )
  }
  return outcomes
}

async function tell(
  container: MedusaContainer,
  title: string,
  notice: {
    order: string
    payment: OrderPaymentRow
    moment: DueMoment
    text: string
  }
): Promise<void> {
  const { order, payment, moment, text } = notice
  const amount = formatAmount(
    exactAmount(payment.amount),
    payment.currency_code
  )
  const description = `Order ${order}: its ${MOMENT_WORDS[moment]} and ${amount} ${payment.currency_code.toUpperCase()} was due for capture, but ${text}`
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .error(`[acquiring] capture on ${moment}: ${description}`)
  try {
    await container.resolve(Modules.NOTIFICATION).createNotifications({
      to: "",
      channel: "feed",
      template: "admin-ui",
      data: { title, description },
    })
  } catch (error) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `[acquiring] the admin feed could not be told: ${thrownMessage(error)}`
      )
  }
}
