/**
 * Reads the real cart behind a payment collection, so the payment order is
 * filled from what Medusa holds and not from what the browser claims.
 */
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaRequest } from "@medusajs/framework/http"
import type {
  BigNumberInput,
  IOrderModuleService,
} from "@medusajs/framework/types"
import { exactAmountOf } from "../money/medusa-amount"
import {
  browserLanguage,
  type CartSnapshot,
  CartSnapshotSchema,
  type ClientContext,
  ClientContextSchema,
  SNAPSHOT_ADDRESS_FIELDS,
  snapshotAddress,
} from "./cart-snapshot"

type Scope = MedusaRequest["scope"]
type Loose = Record<string, any>

const CART_FIELDS = [
  "id",
  "updated_at",
  "email",
  "currency_code",
  "customer_id",
  "customer.phone",
  "sales_channel_id",
  "region_id",
  "total",
  "item_subtotal",
  "shipping_subtotal",
  "discount_subtotal",
  "tax_total",
  "items.id",
  "items.title",
  "items.product_title",
  "items.variant_title",
  "items.variant_sku",
  "items.product_id",
  "items.variant_id",
  "items.product_type",
  "items.unit_price",
  "items.quantity",
  "items.requires_shipping",
  ...SNAPSHOT_ADDRESS_FIELDS.map((f) => `shipping_address.${f}`),
  ...SNAPSHOT_ADDRESS_FIELDS.map((f) => `billing_address.${f}`),
  "promotions.code",
]

/** A cart amount Medusa computed, exact; one that is not a number reads as 0. */
function decimal(value: unknown): string {
  const amount = exactAmountOf(value as BigNumberInput)
  return /^-?\d+(\.\d+)?$/.test(amount) ? amount : "0"
}

function itemName(item: Loose): string {
  const product = item.product_title || item.title || "Item"
  return item.variant_title && item.variant_title !== product
    ? `${product} (${item.variant_title})`
    : product
}

/** The snapshot of a Medusa cart, parsed by its schema (free text masked for card numbers) before anything stores it. */
export function snapshotOf(cart: Loose): CartSnapshot {
  return CartSnapshotSchema.parse({
    id: cart.id,
    email: cart.email ?? null,
    currency_code: String(cart.currency_code ?? "").toUpperCase(),
    customer_id: cart.customer_id ?? null,
    customer_phone: cart.customer?.phone ?? null,
    ...(cart.sales_channel_id
      ? { sales_channel_id: String(cart.sales_channel_id) }
      : {}),
    ...(cart.region_id ? { region_id: String(cart.region_id) } : {}),
    ...(cart.updated_at
      ? { updated_at: new Date(cart.updated_at).toISOString() }
      : {}),
    totals: {
      total: decimal(cart.total),
      item_subtotal: decimal(cart.item_subtotal),
      shipping_subtotal: decimal(cart.shipping_subtotal),
      discount_subtotal: decimal(cart.discount_subtotal),
      tax_total: decimal(cart.tax_total),
    },
    items: (cart.items ?? []).filter(Boolean).map((item: Loose) => ({
      id: item.id,
      name: itemName(item),
      code: item.variant_sku || item.variant_id || null,
      product_id: item.product_id ?? null,
      category: item.product_type ?? null,
      unit_price: decimal(item.unit_price),
      quantity: Number(item.quantity ?? 0),
      requires_shipping: item.requires_shipping ?? null,
    })),
    shipping_address: snapshotAddress(cart.shipping_address),
    billing_address: snapshotAddress(cart.billing_address),
    promotion_codes: (cart.promotions ?? [])
      .map((p: Loose) => p?.code)
      .filter(Boolean),
  })
}

export async function loadCartSnapshot(
  scope: Scope,
  paymentCollectionId: string,
  /** the collection's cart id when already read (null: it has none) */
  knownCartId?: string | null
): Promise<CartSnapshot | null> {
  let cartId = knownCartId
  if (cartId === undefined) {
    const query = scope.resolve(ContainerRegistrationKeys.QUERY)
    const { data: collections } = await query.graph({
      entity: "payment_collection",
      fields: ["id", "cart.id"],
      filters: { id: paymentCollectionId },
    })
    cartId = (collections[0] as Loose | undefined)?.cart?.id ?? null
  }
  return cartId ? cartSnapshotById(scope, cartId) : null
}

async function cartSnapshotById(
  scope: Scope,
  cartId: string
): Promise<CartSnapshot | null> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data: carts } = await query.graph({
    entity: "cart",
    fields: CART_FIELDS,
    filters: { id: cartId },
  })
  const cart = carts[0] as Loose | undefined
  if (!cart) return null
  const snapshot = snapshotOf(cart)
  const firstOrder = await isFirstOrder(scope, snapshot)
  return firstOrder === undefined
    ? snapshot
    : { ...snapshot, first_order: firstOrder }
}

/**
 * Whether the cart's customer (Medusa gives a guest's e-mail a customer too)
 * has no order yet, read through the order table's customer_id index; undefined
 * when the cart names no customer. Every checkout's snapshot asks it: the
 * order module's list takes one order and no count (Query's pagination
 * would count them all first).
 */
async function isFirstOrder(
  scope: Scope,
  cart: CartSnapshot
): Promise<boolean | undefined> {
  if (!cart.customer_id) return undefined
  // a column of Medusa's order table that its FilterableOrderProps leaves out
  const placed = { customer_id: cart.customer_id, is_draft_order: false }
  const orders = await scope
    .resolve<IOrderModuleService>(Modules.ORDER)
    .listOrders(placed, { select: ["id"], take: 1 })
  return orders.length === 0
}

/** A new snapshot when the cart changed since the stored one was taken; null when the stored one still holds. */
export async function refreshedCart(
  scope: Scope,
  stored: CartSnapshot | undefined,
  /** the cart's updated_at when the caller has just read it */
  knownUpdatedAt?: string | Date | null
): Promise<CartSnapshot | null> {
  if (!stored) return null
  let updated = knownUpdatedAt
  if (!updated) {
    const query = scope.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "cart",
      fields: ["id", "updated_at"],
      filters: { id: stored.id },
    })
    const current = data[0] as Loose | undefined
    if (!current) return null
    updated = current.updated_at
  }
  const updatedAt = updated ? new Date(updated).toISOString() : undefined
  if (updatedAt && updatedAt === stored.updated_at) return null
  return cartSnapshotById(scope, stored.id)
}

/** The request's client data, parsed by its schema (free text masked for card numbers) before anything stores it. */
export function clientContextOf(
  req: MedusaRequest,
  /** the header the deployment's proxy sets to the shopper's country (option ip_country_header); unset: not read */
  ipCountryHeader?: string
): ClientContext {
  const ip = (req.ip ?? "").replace(/^::ffff:/, "")
  const country = ipCountryHeader
    ? req.get(ipCountryHeader)?.trim().toLowerCase()
    : undefined
  return ClientContextSchema.parse({
    shopper_ip: ip || undefined,
    // a value the proxy could not place (XX, T1, empty) reads as not known
    ...(country && /^[a-z]{2}$/.test(country) && country !== "xx"
      ? { ip_country: country }
      : {}),
    user_agent: req.get("user-agent") ?? undefined,
    browser_lang: browserLanguage(req.get("accept-language") ?? undefined),
  })
}
