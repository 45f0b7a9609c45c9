/**
 * A paid deduction becomes one Medusa order holding one captured payment of
 * the deduction's amount. Each step looks first for what an earlier run
 * (cut short, or another instance before the lock) made: the order by the
 * id chosen before it was made, its payment collection, the session, the
 * payment. So a run repeated at any point finishes the one renewal, never a
 * second.
 *
 * The payment is Medusa's own: a session of the first payment's provider on
 * the renewal's collection whose one attempt is the deduction's order
 * number; authorising it settles that attempt with the status query, which
 * answers captured, and Medusa records the payment and its capture. Refunds
 * and the reconcile job then treat it as any card payment.
 */
import type {
  BigNumberInput,
  IEventBusModuleService,
  IOrderModuleService,
  MedusaContainer,
} from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  generateEntityId,
  Modules,
  OrderWorkflowEvents,
} from "@medusajs/framework/utils"
import {
  createPaymentSessionsWorkflow,
  processPaymentWorkflow,
} from "@medusajs/medusa/core-flows"
import { acquiringModule } from "../modules/acquiring/module-access"
import type { AcquiringDeductionRow } from "../modules/acquiring/types"
import { exactAmountOf } from "../money/medusa-amount"
import { paymentModule } from "../order-payments/payment-store"
import { readOrderGraph } from "../order-payments/order-graph"
import { moduleJournal } from "../journal/journal"
import type { SessionData } from "../payment-sessions/session-data"
import { startAttempt } from "../payment-sessions/transitions"
import { loadSession, sessionSaver } from "../session-access/session-access"
import { createOrderBalanceCollectionWorkflow } from "../payment-links/workflows/order-balance-collection"
import {
  FIRST_ORDER_FIELDS,
  priceGap,
  renewalOrderInput,
  type FirstOrder,
} from "./renewal-order-input"

/** Why a paid deduction has no order yet; the reconcile job tries again. */
export class RenewalPending extends Error {}

type Graph = {
  graph<Row>(input: {
    entity: string
    fields: string[]
    filters: Record<string, unknown>
  }): Promise<{ data: Row[] }>
}

/** Medusa's query, as the renewals read orders and collections through it. */
export function query(scope: MedusaContainer): Graph {
  return scope.resolve(ContainerRegistrationKeys.QUERY) as Graph
}

/** The order the first payment was made for. */
export async function firstOrderOf(
  scope: MedusaContainer,
  firstSessionId: string
): Promise<FirstOrder | null> {
  const [session] = await paymentModule(scope).listPaymentSessions(
    { id: firstSessionId },
    { select: ["id", "payment_collection_id"] }
  )
  if (!session) return null
  const { data } = await query(scope).graph<{ order?: { id?: string } }>({
    entity: "payment_collection",
    fields: ["id", "order.id"],
    filters: { id: session.payment_collection_id },
  })
  const orderId = data[0]?.order?.id
  if (!orderId) return null
  return readOrderGraph<FirstOrder>(scope, orderId, FIRST_ORDER_FIELDS)
}

/** Makes (or finishes) the renewal order of a paid deduction; answers its id. */
export async function makeRenewalOrder(
  scope: MedusaContainer,
  deduction: AcquiringDeductionRow
): Promise<string> {
  const first = await firstOrderOf(scope, deduction.first_session_id)
  if (!first)
    throw new RenewalPending(
      `the first payment ${deduction.first_order_no} has no order yet`
    )
  const { orderId, made } = await deductionOrder(scope, deduction, first)
  const collectionId = await collectionOf(scope, orderId, deduction)
  const sessionId = await sessionOf(scope, collectionId, deduction)
  await recordPayment(scope, sessionId, deduction)
  await acquiringModule().updateAcquiringDeductions({
    id: deduction.id,
    ordered_at: new Date(),
  })
  if (made)
    await scope
      .resolve<IEventBusModuleService>(Modules.EVENT_BUS)
      .emit({ name: OrderWorkflowEvents.PLACED, data: { id: orderId } })
  return orderId
}

/**
 * The deduction's one order, with the first order's items at the
 * deduction's amount: the renewal of a paid deduction, or the order a
 * lapsed card's payment link asks for. Its id is chosen and written before
 * it is made, so a repeat finds it; `made` says this call made it.
 */
export async function deductionOrder(
  scope: MedusaContainer,
  deduction: AcquiringDeductionRow,
  first: FirstOrder
): Promise<{ orderId: string; made: boolean }> {
  let orderId = deduction.order_id
  if (!orderId) {
    orderId = generateEntityId(undefined, "order")
    await acquiringModule().updateAcquiringDeductions({
      id: deduction.id,
      order_id: orderId,
    })
  }
  const orders = scope.resolve<IOrderModuleService>(Modules.ORDER)
  const [existing] = await orders.listOrders(
    { id: orderId },
    { select: ["id"] }
  )
  if (existing) return { orderId, made: false }
  await orders.createOrders(
    renewalOrderInput(first, { ...deduction, id: orderId })
  )
  await matchCharged(scope, orders, orderId, deduction.amount)
  return { orderId, made: true }
}

/** The renewal's total brought to what the acquirer charged (renewal-order-input.ts, priceGap). */
async function matchCharged(
  scope: MedusaContainer,
  orders: IOrderModuleService,
  orderId: string,
  charged: string
): Promise<void> {
  const row = await readOrderGraph<{
    total?: number
    raw_total?: BigNumberInput
  }>(scope, orderId, ["id", "total", "raw_total"])
  const total = exactAmountOf(row.raw_total, row.total)
  const gap = priceGap(total, charged)
  if (!gap) return
  if ("credit" in gap)
    await orders.createOrderCreditLines([
      {
        order_id: orderId,
        amount: gap.credit,
        reference: "acquiring_subscription_price",
        reference_id: orderId,
      },
    ])
  else
    await orders.createOrderLineItems(orderId, [
      {
        title: "Subscription price",
        quantity: 1,
        unit_price: gap.surcharge,
        requires_shipping: false,
        is_discountable: false,
        is_tax_inclusive: true,
      },
    ])
}

async function collectionOf(
  scope: MedusaContainer,
  orderId: string,
  deduction: AcquiringDeductionRow
): Promise<string> {
  const order = await readOrderGraph<{
    payment_collections?: { id: string }[] | null
  }>(scope, orderId, ["id", "payment_collections.id"])
  const known = order.payment_collections?.[0]?.id
  if (known) return known
  const { result } = await createOrderBalanceCollectionWorkflow(scope).run({
    input: {
      order_id: orderId,
      currency_code: deduction.currency.toLowerCase(),
      amount: deduction.amount,
    },
  })
  return result.id
}

/** The renewal's session: the deduction's attempt on the first payment's provider and account. */
async function sessionOf(
  scope: MedusaContainer,
  collectionId: string,
  deduction: AcquiringDeductionRow
): Promise<string> {
  const payments = paymentModule(scope)
  const [known] = await payments.listPaymentSessions(
    { payment_collection_id: collectionId, provider_id: deduction.provider_id },
    { select: ["id"] }
  )
  const sessionId =
    known?.id ??
    (
      await createPaymentSessionsWorkflow(scope).run({
        input: {
          payment_collection_id: collectionId,
          provider_id: deduction.provider_id,
          data: {},
        },
      })
    ).result.id
  const loaded = await loadSession(scope, sessionId)
  if (loaded.data.attempts?.some((a) => a.order_no === deduction.order_no))
    return sessionId
  const firstSession = await loadSession(scope, deduction.first_session_id)
  const data: SessionData = startAttempt(
    { ...loaded.data, account: firstSession.data.account },
    {
      order_no: deduction.order_no,
      kind: "authorise",
      at: new Date().toISOString(),
    }
  )
  const journal = moduleJournal()
  const [journalled] = await journal.list(
    { kind: "authorise", order_no: deduction.order_no },
    1
  )
  if (!journalled)
    await journal.record({
      provider_id: deduction.provider_id,
      kind: "authorise",
      state: "done",
      order_no: deduction.order_no,
      session_id: sessionId,
      amount: deduction.amount,
      currency: deduction.currency,
      transaction_id: deduction.transaction_id,
      reference: deduction.recurring_id,
    })
  await sessionSaver(scope, loaded)(data)
  return sessionId
}

/** Medusa's payment of the session, authorised (and so captured) through Medusa's own workflow. */
async function recordPayment(
  scope: MedusaContainer,
  sessionId: string,
  deduction: AcquiringDeductionRow
): Promise<void> {
  const payments = paymentModule(scope)
  const find = async () =>
    (
      await payments.listPayments(
        { payment_session_id: sessionId },
        { select: ["id", "captured_at"] }
      )
    )[0]
  if (await find()) return
  await processPaymentWorkflow(scope).run({
    input: { action: "authorized", data: { session_id: sessionId, amount: 0 } },
  })
  const payment = await find()
  if (!payment?.captured_at)
    throw new RenewalPending(
      `the payment of deduction ${deduction.order_no} was not recorded as captured`
    )
}
