/**
 * What an order still owes, as a payment link asks for it. Medusa's
 * `summary.pending_difference` is the order's total less what was captured
 * (its transactions), so it also counts money already on its way: an
 * authorisation waiting for capture, or a bank transfer the acquirer still
 * awaits (an order made while its session is pending_authorization), would
 * be "owed" in full, and a link would ask for it twice. The amount owed is
 * therefore the pending difference less what live payments hold
 * uncaptured and less what awaited transfers will bring; a voided or
 * lapsed payment (cancelled in Medusa) holds nothing, so its amount is
 * owed again. Medusa's capture workflow records the payment's capture
 * first and the order's transaction a step later: a read between the two
 * would find the money neither held nor paid, so a capture the order's
 * transactions do not hold yet (by its id) is counted here. While a change
 * the plugin captured for waits for its confirm (order-changes/
 * waiting-change.ts), Medusa's pending difference is the old total's, money
 * the acquirer may already have released: nothing is owed until the change
 * is confirmed (or cancelled).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import type { BigNumberInput } from "@medusajs/framework/types"
import { roundAmount, toDecimal } from "../gateway/money/amount"
import { isAcquiringProvider } from "../accounts/provider-entries"
import { exactAmountOf } from "../money/medusa-amount"
import { readOrderGraph } from "./order-graph"
import {
  CartSnapshotSchema,
  SNAPSHOT_ADDRESS_FIELDS,
  snapshotAddress,
  type CartSnapshot,
  type SnapshotAddress,
} from "../payment-sessions/cart-snapshot"
import {
  capturedForChange,
  openChangeOf,
  type OpenChange,
} from "./waiting-change"

/** A payment of the order, its amounts exact decimal strings. */
export interface HeldPayment {
  amount: string
  captured: string[]
  canceled: boolean
  /** Medusa marked it captured: a partial capture's rest was released, nothing more is held */
  fully_captured?: boolean
}

/** What the balance is made of, amounts as exact decimal strings. */
export interface BalanceFacts {
  /** a cancelled order owes nothing, whatever Medusa's summary still counts */
  canceled?: boolean
  /** Medusa's summary.pending_difference */
  pending_difference: string
  payments: HeldPayment[]
  /** bank transfers the acquirer awaits for the order: on their way, not owed */
  awaited: string[]
  /** captures Medusa recorded on a payment whose order transaction is not written yet */
  untransacted: string[]
  /** a change captured for waits for its confirm: the pending difference is the old total's */
  change_waiting?: boolean
}

const sum = (amounts: string[]) =>
  amounts.reduce(
    (total, amount) => total.plus(toDecimal(amount)),
    toDecimal("0")
  )

/**
 * The amount owed, rounded once to the currency's digits; "0…" when the
 * order owes nothing (or is owed money back).
 */
export function owedAmount(facts: BalanceFacts, currency: string): string {
  if (facts.canceled || facts.change_waiting) return roundAmount("0", currency)
  let owed = toDecimal(facts.pending_difference)
    .minus(sum(facts.awaited))
    .minus(sum(facts.untransacted))
  for (const payment of facts.payments) {
    if (payment.canceled || payment.fully_captured) continue
    const held = toDecimal(payment.amount).minus(sum(payment.captured))
    if (held.isPositive()) owed = owed.minus(held)
  }
  return roundAmount(owed.isNegative() ? "0" : owed, currency)
}

export function owesSomething(owed: string): boolean {
  return toDecimal(owed).isGreaterThan(0)
}

/** A payment collection of the order a link may reuse. */
export interface OrderCollection {
  id: string
  status: string
  amount: string
  currency: string
  /** a payment stands on one of its sessions (even a cancelled one) */
  has_payments: boolean
}

export interface OrderBalance {
  order_id: string
  display_id: number | null
  canceled: boolean
  /** a draft order (Medusa's draft-order pages): not placed yet */
  draft: boolean
  /** upper case, as the plugin's amounts carry it */
  currency: string
  owed: string
  /** the acquiring sessions whose bank transfer the acquirer still awaits, left out of what is owed */
  awaited: AwaitedSession[]
  collections: OrderCollection[]
  /** what the acquirer's page is told about the shopper: e-mail and addresses, no items */
  shopper: CartSnapshot
  /** the order's change a capture was made for, waiting for its confirm: nothing owed until then */
  waiting_change: Pick<OpenChange, "id" | "change_type"> | null
}

/** A session of the order made while its bank transfer is awaited (Medusa's pending_authorization). */
export interface AwaitedSession {
  session_id: string
  amount: string
  currency: string
}

type Amount = BigNumberInput | null | undefined

type Recorded = { id: string; amount?: Amount; raw_amount?: Amount } | null

type OrderRow = {
  id: string
  status?: string | null
  display_id?: number | null
  currency_code: string
  email?: string | null
  customer_id?: string | null
  sales_channel_id?: string | null
  region_id?: string | null
  summary?: { pending_difference?: Amount; raw_pending_difference?: Amount }
  shipping_address?: SnapshotAddress | null
  billing_address?: SnapshotAddress | null
  payment_collections?: ({
    id: string
    status: string
    amount?: Amount
    raw_amount?: Amount
    currency_code: string
    payment_sessions?: ({
      id: string
      provider_id: string
      status: string
      amount?: Amount
      raw_amount?: Amount
      currency_code: string
    } | null)[]
    payments?: ({
      amount?: Amount
      raw_amount?: Amount
      canceled_at?: string | Date | null
      captured_at?: string | Date | null
      captures?: Recorded[] | null
    } | null)[]
  } | null)[]
  transactions?: ({ reference_id?: string | null } | null)[] | null
}

const ORDER_FIELDS = [
  "id",
  "status",
  "display_id",
  "currency_code",
  "email",
  "customer_id",
  "sales_channel_id",
  "region_id",
  "summary",
  ...SNAPSHOT_ADDRESS_FIELDS.map((field) => `shipping_address.${field}`),
  ...SNAPSHOT_ADDRESS_FIELDS.map((field) => `billing_address.${field}`),
  "payment_collections.id",
  "payment_collections.status",
  "payment_collections.amount",
  "payment_collections.raw_amount",
  "payment_collections.currency_code",
  "payment_collections.payments.amount",
  "payment_collections.payments.raw_amount",
  "payment_collections.payments.canceled_at",
  "payment_collections.payments.captured_at",
  "payment_collections.payments.captures.id",
  "payment_collections.payments.captures.amount",
  "payment_collections.payments.captures.raw_amount",
  "payment_collections.payment_sessions.id",
  "payment_collections.payment_sessions.provider_id",
  "payment_collections.payment_sessions.status",
  "payment_collections.payment_sessions.amount",
  "payment_collections.payment_sessions.raw_amount",
  "payment_collections.payment_sessions.currency_code",
  "transactions.reference_id",
]

const present = <T>(rows: (T | null | undefined)[] | null | undefined): T[] =>
  (rows ?? []).filter((row): row is T => !!row)

const amountOf = (row: { amount?: Amount; raw_amount?: Amount }) =>
  exactAmountOf(row.raw_amount, row.amount)

/** The order's acquiring sessions awaiting a transfer, on collections not cancelled. */
function awaitedSessions(order: OrderRow): AwaitedSession[] {
  return present(order.payment_collections)
    .filter((collection) => collection.status !== "canceled")
    .flatMap((collection) => present(collection.payment_sessions))
    .filter(
      (session) =>
        session.status === "pending_authorization" &&
        isAcquiringProvider(session.provider_id)
    )
    .map((session) => ({
      session_id: session.id,
      amount: amountOf(session),
      currency: session.currency_code.toUpperCase(),
    }))
}

/** What the order's payments hold, and captures the order's transactions do not hold yet. */
function paymentFacts(
  order: OrderRow
): Pick<BalanceFacts, "payments" | "untransacted"> {
  const transacted = new Set(
    present(order.transactions).map((t) => t.reference_id)
  )
  const payments = present(order.payment_collections).flatMap((collection) =>
    present(collection.payments)
  )
  return {
    payments: payments.map((payment) => ({
      amount: amountOf(payment),
      captured: present(payment.captures).map(amountOf),
      canceled: !!payment.canceled_at,
      fully_captured: !!payment.captured_at,
    })),
    untransacted: payments
      .flatMap((payment) => present(payment.captures))
      .filter((capture) => !transacted.has(capture.id))
      .map(amountOf),
  }
}

/** The order's balance; 404 when Medusa has no such order. */
export async function readOrderBalance(
  container: MedusaContainer,
  orderId: string
): Promise<OrderBalance> {
  const order = await readOrderGraph<OrderRow>(container, orderId, ORDER_FIELDS)
  const currency = order.currency_code.toUpperCase()
  const collections = present(order.payment_collections)
  const awaited = awaitedSessions(order)
  const canceled = order.status === "canceled"
  const change = canceled ? null : await openChangeOf(container, order.id)
  const waiting =
    !!change &&
    present(order.payment_collections)
      .flatMap((collection) => present(collection.payments))
      .some((payment) => capturedForChange(change, payment.captured_at))
  const owed = owedAmount(
    {
      canceled,
      change_waiting: waiting,
      pending_difference: exactAmountOf(
        order.summary?.raw_pending_difference,
        order.summary?.pending_difference
      ),
      awaited: awaited.map((session) => session.amount),
      ...paymentFacts(order),
    },
    currency
  )
  return {
    order_id: order.id,
    display_id: order.display_id ?? null,
    canceled,
    draft: order.status === "draft",
    currency,
    owed,
    awaited,
    waiting_change:
      waiting && change
        ? { id: change.id, change_type: change.change_type }
        : null,
    collections: collections.map((collection) => ({
      id: collection.id,
      status: collection.status,
      amount: exactAmountOf(collection.raw_amount, collection.amount),
      currency: collection.currency_code.toUpperCase(),
      has_payments: (collection.payments ?? []).some(Boolean),
    })),
    // parsed by the snapshot's schema: a card number typed into the order's e-mail or addresses is masked before a link's intake stores it
    shopper: CartSnapshotSchema.parse({
      id: order.id,
      email: order.email ?? null,
      currency_code: currency,
      customer_id: order.customer_id ?? null,
      // the order's sales channel and region choose the account, as its checkout's did
      ...(order.sales_channel_id
        ? { sales_channel_id: order.sales_channel_id }
        : {}),
      ...(order.region_id ? { region_id: order.region_id } : {}),
      // no items and no breakdown: the link asks for a balance, not for the order's lines
      totals: {
        total: owed,
        item_subtotal: "0",
        shipping_subtotal: "0",
        discount_subtotal: "0",
        tax_total: "0",
      },
      items: [],
      shipping_address: snapshotAddress(order.shipping_address),
      billing_address: snapshotAddress(order.billing_address),
    }),
  }
}

/**
 * An open collection for exactly the amount owed (the one Medusa makes when
 * an order edit is confirmed), which a new link reuses rather than adding
 * another. Never one a payment stands on: a new session deletes the
 * collection's sessions, and a voided payment's must stay.
 */
export function reusableCollection(
  balance: Pick<OrderBalance, "collections" | "owed" | "currency">
): OrderCollection | undefined {
  return balance.collections.find(
    (collection) =>
      (collection.status === "not_paid" || collection.status === "awaiting") &&
      !collection.has_payments &&
      collection.currency === balance.currency &&
      toDecimal(collection.amount).isEqualTo(toDecimal(balance.owed))
  )
}
