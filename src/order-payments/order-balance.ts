/**
 * What an order still owes, as a payment link asks for it. Medusa's
 * `summary.pending_difference` is the order's total less what was captured
 * (its transactions), so it also counts money already authorised and
 * waiting for capture: an order paid by card but not yet captured would
 * "owe" its whole total. The amount owed is therefore the pending
 * difference less what live payments hold uncaptured; a voided or
 * lapsed payment (cancelled in Medusa) holds nothing, so its amount is
 * owed again.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import type { BigNumberInput } from "@medusajs/framework/types"
import { roundAmount, toDecimal } from "../gateway/money/amount"
import { exactAmountOf } from "../money/medusa-amount"
import {
  CartSnapshotSchema,
  SNAPSHOT_ADDRESS_FIELDS,
  snapshotAddress,
  type CartSnapshot,
  type SnapshotAddress,
} from "../authorization/cart-snapshot"

/** A payment of the order, its amounts exact decimal strings. */
export interface HeldPayment {
  amount: string
  captured: string[]
  canceled: boolean
}

/**
 * The amount owed, rounded once to the currency's digits; "0…" when the
 * order owes nothing (or is owed money back).
 */
export function owedAmount(
  pendingDifference: string,
  payments: HeldPayment[],
  currency: string
): string {
  let owed = toDecimal(pendingDifference)
  for (const payment of payments) {
    if (payment.canceled) continue
    const captured = payment.captured.reduce(
      (sum, amount) => sum.plus(toDecimal(amount)),
      toDecimal("0")
    )
    const held = toDecimal(payment.amount).minus(captured)
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
  /** upper case, as the plugin's amounts carry it */
  currency: string
  owed: string
  collections: OrderCollection[]
  /** what the acquirer's page is told about the shopper: e-mail and addresses, no items */
  shopper: CartSnapshot
}

type Amount = BigNumberInput | null | undefined

type OrderRow = {
  id: string
  display_id?: number | null
  currency_code: string
  email?: string | null
  customer_id?: string | null
  summary?: { pending_difference?: Amount; raw_pending_difference?: Amount }
  shipping_address?: SnapshotAddress | null
  billing_address?: SnapshotAddress | null
  payment_collections?: ({
    id: string
    status: string
    amount?: Amount
    raw_amount?: Amount
    currency_code: string
    payments?: ({
      amount?: Amount
      raw_amount?: Amount
      canceled_at?: string | Date | null
      captures?: ({ amount?: Amount; raw_amount?: Amount } | null)[] | null
    } | null)[]
  } | null)[]
}

const ORDER_FIELDS = [
  "id",
  "display_id",
  "currency_code",
  "email",
  "customer_id",
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
  "payment_collections.payments.captures.amount",
  "payment_collections.payments.captures.raw_amount",
]

/** The order's balance; 404 when Medusa has no such order. */
export async function readOrderBalance(
  container: MedusaContainer,
  orderId: string
): Promise<OrderBalance> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ORDER_FIELDS,
    filters: { id: orderId },
  })
  const order = data[0] as OrderRow | undefined
  if (!order)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Order ${orderId} was not found`
    )
  const currency = order.currency_code.toUpperCase()
  const collections = (order.payment_collections ?? []).filter(
    (c): c is NonNullable<typeof c> => !!c
  )
  const payments: HeldPayment[] = collections.flatMap((collection) =>
    (collection.payments ?? []).flatMap((payment) =>
      payment
        ? [
            {
              amount: exactAmountOf(payment.raw_amount, payment.amount),
              captured: (payment.captures ?? []).flatMap((capture) =>
                capture
                  ? [exactAmountOf(capture.raw_amount, capture.amount)]
                  : []
              ),
              canceled: !!payment.canceled_at,
            },
          ]
        : []
    )
  )
  const pending = exactAmountOf(
    order.summary?.raw_pending_difference,
    order.summary?.pending_difference
  )
  const owed = owedAmount(pending, payments, currency)
  return {
    order_id: order.id,
    display_id: order.display_id ?? null,
    currency,
    owed,
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
