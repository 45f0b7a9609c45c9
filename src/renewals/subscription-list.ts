/**
 * Subscriptions read for the admin's list and for the customer who
 * subscribed: each first payment that started one (its private state says
 * so), the order it paid, and the deductions kept of it.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { isAcquiringProvider } from "../accounts/provider-entries"
import { acquiringModule } from "../modules/acquiring/module-access"
import { paymentModule } from "../order-payments/payment-store"
import { readSessions } from "../payment-sessions/session-store"
import type { SessionData } from "../payment-sessions/session-data"
import type { OrderRef, SubscriptionFacts } from "./subscription-view"
import { query } from "./renewal-order"

interface FirstPayment {
  payment_id: string
  provider_id: string
  data: unknown
  order: OrderRef & { created_at?: Date | string | null }
}

/** The facts of these first payments, those that started a subscription, in their order. */
async function factsOf(
  scope: MedusaContainer,
  firsts: FirstPayment[]
): Promise<SubscriptionFacts[]> {
  const states = await readSessions(firsts.map((f) => f.data))
  const subscribed = firsts
    .map((first, i) => ({ first, state: states[i] as SessionData }))
    .filter(
      ({ state }) => !!state.subscription?.recurring_id && !!state.order_no
    )
  if (!subscribed.length) return []
  const deductions = await acquiringModule().listAcquiringDeductions(
    { first_order_no: subscribed.map(({ state }) => state.order_no!) },
    { take: 10_000 }
  )
  const renewalIds = deductions.flatMap((d) => (d.order_id ? [d.order_id] : []))
  const renewals = renewalIds.length
    ? (
        await query(scope).graph<{ id: string; display_id?: number | null }>({
          entity: "order",
          fields: ["id", "display_id"],
          filters: { id: renewalIds },
        })
      ).data
    : []
  const displayIds = new Map(renewals.map((o) => [o.id, o.display_id ?? null]))
  return subscribed.map(({ first, state }) => ({
    first: state,
    payment_id: first.payment_id,
    provider_id: first.provider_id,
    first_order: { id: first.order.id, display_id: first.order.display_id },
    started_at: first.order.created_at
      ? new Date(first.order.created_at).toISOString()
      : null,
    deductions: deductions.filter((d) => d.first_order_no === state.order_no),
    renewal_orders: displayIds,
  }))
}

type OrderRow = {
  id: string
  display_id?: number | null
  created_at?: Date | string | null
  payment_collections?:
    | {
        payments?: { id: string; provider_id: string; data: unknown }[] | null
      }[]
    | null
}

function firstPaymentsOf(orders: OrderRow[]): FirstPayment[] {
  return orders.flatMap((order) =>
    (order.payment_collections ?? []).flatMap((collection) =>
      (collection.payments ?? [])
        .filter((p) => isAcquiringProvider(p.provider_id))
        .map((p) => ({
          payment_id: p.id,
          provider_id: p.provider_id,
          data: p.data,
          order: {
            id: order.id,
            display_id: order.display_id ?? null,
            created_at: order.created_at ?? null,
          },
        }))
    )
  )
}

const ORDER_FIELDS = [
  "id",
  "display_id",
  "created_at",
  "payment_collections.payments.id",
  "payment_collections.payments.provider_id",
  "payment_collections.payments.data",
]

/**
 * An order's creation in milliseconds: query.graph answers a Date, whose
 * text form counts only seconds (two orders of one second tied).
 */
function timeOf(createdAt: Date | string | null | undefined): number {
  return createdAt ? new Date(createdAt).getTime() : 0
}

/** The subscriptions a customer started, newest first (the later display id of one millisecond). */
export async function customerSubscriptions(
  scope: MedusaContainer,
  customerId: string
): Promise<SubscriptionFacts[]> {
  const { data } = await query(scope).graph<OrderRow>({
    entity: "order",
    fields: ORDER_FIELDS,
    filters: { customer_id: customerId },
  })
  const orders = data.sort(
    (a, b) =>
      timeOf(b.created_at) - timeOf(a.created_at) ||
      (b.display_id ?? 0) - (a.display_id ?? 0)
  )
  return factsOf(scope, firstPaymentsOf(orders))
}

/** A page of every subscription of the store, newest first, and how many there are. */
export async function storeSubscriptions(
  scope: MedusaContainer,
  page: { limit: number; offset: number }
): Promise<{ facts: SubscriptionFacts[]; count: number }> {
  const { ids, count } = await acquiringModule().listSubscriptionSessions(
    page.limit,
    page.offset
  )
  if (!ids.length) return { facts: [], count }
  const payments = await paymentModule(scope).listPayments(
    { payment_session_id: ids },
    { select: ["id", "payment_collection_id"] }
  )
  const { data } = await query(scope).graph<OrderRow>({
    entity: "order",
    fields: ORDER_FIELDS,
    filters: {
      id: (
        await query(scope).graph<{ order?: { id?: string } }>({
          entity: "payment_collection",
          fields: ["id", "order.id"],
          filters: { id: payments.map((p) => p.payment_collection_id) },
        })
      ).data.flatMap((c) => (c.order?.id ? [c.order.id] : [])),
    },
  })
  const wanted = new Set(payments.map((p) => p.id))
  const firsts = firstPaymentsOf(data).filter((f) => wanted.has(f.payment_id))
  const facts = await factsOf(scope, firsts)
  const position = new Map(ids.map((id, i) => [id, i]))
  const sessionOf = new Map(
    facts.map((f) => [f.payment_id, f.first.session_id ?? ""])
  )
  facts.sort(
    (a, b) =>
      (position.get(sessionOf.get(a.payment_id)!) ?? 0) -
      (position.get(sessionOf.get(b.payment_id)!) ?? 0)
  )
  return { facts, count }
}
