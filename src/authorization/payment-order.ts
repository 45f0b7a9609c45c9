/**
 * Turns the cart snapshot, the device and client data and the session amount
 * into the service's payment order fields (card fields are added elsewhere,
 * in memory only).
 *
 * Amounts: Medusa totals can carry more digits than the currency has. Every
 * amount is rounded once, half-up, to the currency's digits. The breakdown
 * must add up exactly (amount = item_total + shipping + tax_total −
 * discount), so tax_total takes the rounding residue: it is computed as
 * amount − item_total − shipping + discount. When that differs from the
 * cart's own rounded tax by more than one minor unit per rounded part, or
 * would be negative (gift cards, credit lines, a collection amount that is
 * not the cart total), no breakdown is sent at all.
 */
import BigNumberJs from "bignumber.js"
import {
  roundAmount,
  toDecimal,
  type AmountInput,
} from "../gateway/money/amount"
import { currencyDigits } from "../gateway/money/currency-digits"
import { encodeItems, type ItemInput } from "../gateway/codecs/items"
import { DEFAULT_FIELD_LIMITS } from "../gateway/limits"
import type {
  CheckoutRequestInput,
  OrderSubscription,
} from "../gateway/schemas/payment-order"
import type {
  CartSnapshot,
  ClientContext,
  SnapshotAddress,
} from "../payment-sessions/cart-snapshot"
import type { DeviceData } from "../payment-sessions/device"

export interface Holder {
  first_name?: string
  last_name?: string
}

export interface BuildOrderInput {
  order_no: string
  amount: AmountInput
  currency: string
  cart?: CartSnapshot | null
  device?: DeviceData | null
  client?: ClientContext | null
  holder?: Holder | null
  /** the storefront's subscription, started by this payment */
  subscription?: OrderSubscription | null
  website: string
  notify_url: string
  three_d_secure: "always" | "issuer"
  /** the statement descriptor, already fitted to its limit */
  descriptor?: string
  platform_source?: string
  /** hosted checkout only */
  return_url?: string
  cancel_url?: string
  field_limits?: Partial<typeof DEFAULT_FIELD_LIMITS>
}

export interface Breakdown {
  item_total: string
  shipping: string
  tax_total: string
  discount: string
}

/** The client's own input type for a payment order without card fields. */
export type PaymentOrder = CheckoutRequestInput
type PaymentOrderFields = Partial<PaymentOrder>

export function buildPaymentOrder(input: BuildOrderInput): PaymentOrder {
  const currency = input.currency.toUpperCase()
  const limits = { ...DEFAULT_FIELD_LIMITS, ...input.field_limits }
  const amount = roundAmount(input.amount, currency)
  const cart =
    input.cart && input.cart.currency_code.toUpperCase() === currency
      ? input.cart
      : null
  const billing = cart?.billing_address ?? cart?.shipping_address ?? null
  const delivery = cart?.shipping_address ?? null
  const names =
    input.holder?.first_name || input.holder?.last_name ? input.holder : billing

  const order: PaymentOrder = {
    order_no: input.order_no,
    currency,
    amount,
    ...(cart ? (cartBreakdown(cart, amount, currency) ?? {}) : {}),
    website: input.website,
    notify_url: input.notify_url,
    return_url: input.return_url,
    cancel_url: input.cancel_url,
    open3d: input.three_d_secure === "always" ? "do3DS" : undefined,
    descriptor: input.descriptor,
    platform_source: input.platform_source,
    first_name: clip(names?.first_name, 50),
    last_name: clip(names?.last_name, 50),
    shopper_email: fits(cart?.email, limits.shopper_email),
    shopper_id: fits(cart?.customer_id, limits.shopper_id),
    shopper_phone: clip(
      billing?.phone || delivery?.phone || cart?.customer_phone,
      32
    ),
    shopper_ip: fits(input.client?.shopper_ip, limits.shopper_ip),
    user_agent: clip(input.client?.user_agent, 500),
    browser_lang: input.client?.browser_lang,
    ...addressFields("billing", billing),
    ...deliveryFields(delivery),
    os: input.device?.os,
    browser: input.device?.browser,
    time_zone: input.device?.time_zone,
    resolution: input.device?.resolution,
    color_depth: input.device?.color_depth,
    challenge_window_size: input.device?.challenge_window_size,
    checkout_time: Math.floor(Date.now() / 1000),
    ...(input.subscription ? { subscription: input.subscription } : {}),
  }
  if (cart && cart.items.length) {
    order.items = encodeItemsWithin(cart, currency, limits.items)
    order.cart_items = cart.items.map((item) => ({
      basic_item_data: {
        name: item.name,
        quantity: String(item.quantity),
        type: item.requires_shipping === false ? "digital" : "physical",
        // a decimal string: the wire schema reads numeric text, and no float ever holds the amount here
        price: {
          amount_local_currency: roundAmount(item.unit_price, currency),
          currency,
        },
        category: item.category ?? "",
        productId: item.product_id ?? item.id,
      },
    }))
  }
  if (cart?.promotion_codes?.length) {
    order.total_discount = cart.promotion_codes.map((code) => ({
      coupon_code_used: code,
      discount_type: "promotion",
    }))
  }
  const fields = order as Record<string, unknown>
  for (const key of Object.keys(fields)) {
    if (fields[key] === undefined || fields[key] === "") delete fields[key]
  }
  return order
}

/** The breakdown with the rounding residue in tax_total, or null when it cannot honestly be made exact. */
export function cartBreakdown(
  cart: CartSnapshot,
  amount: string,
  currency: string
): Breakdown | null {
  const round = (value: AmountInput) =>
    new BigNumberJs(roundAmount(value, currency))
  const itemTotal = round(cart.totals.item_subtotal)
  const shipping = round(cart.totals.shipping_subtotal)
  const discount = round(cart.totals.discount_subtotal)
  const cartTax = round(cart.totals.tax_total)
  const tax = toDecimal(amount).minus(itemTotal).minus(shipping).plus(discount)
  const minorUnit = new BigNumberJs(1).shiftedBy(-currencyDigits(currency))
  const tolerance = minorUnit.times(cart.items.length + 3)
  if (tax.isNegative() || tax.minus(cartTax).abs().isGreaterThan(tolerance))
    return null
  const digits = currencyDigits(currency)
  return {
    item_total: itemTotal.toFixed(digits),
    shipping: shipping.toFixed(digits),
    tax_total: tax.toFixed(digits),
    discount: discount.toFixed(digits),
  }
}

/** As many items as fit into the items limit; the rest are summarised in one line so the string stays valid. */
function encodeItemsWithin(
  cart: CartSnapshot,
  currency: string,
  maxChars: number
): string {
  const items: ItemInput[] = cart.items.map((item) => ({
    name: item.name,
    code: item.code ?? undefined,
    unit_price: roundAmount(item.unit_price, currency),
    quantity: item.quantity,
  }))
  for (let count = items.length; count > 0; count--) {
    const kept = items.slice(0, count)
    if (count < items.length)
      kept.push({
        name: `and ${items.length - count} more`,
        unit_price: "",
        quantity: "",
      })
    try {
      return encodeItems(kept, { max_chars: maxChars })
    } catch {
      continue
    }
  }
  return ""
}

function addressFields(
  prefix: "billing",
  address: SnapshotAddress | null
): PaymentOrderFields {
  if (!address) return {}
  return {
    [`${prefix}_country`]: address.country_code?.toUpperCase() || undefined,
    [`${prefix}_state`]: clip(address.province, 100),
    [`${prefix}_city`]: clip(address.city, 100),
    [`${prefix}_address`]: clip(joinLines(address), 200),
    [`${prefix}_postal_code`]: clip(address.postal_code, 20),
  }
}

function deliveryFields(address: SnapshotAddress | null): PaymentOrderFields {
  if (!address) return {}
  return {
    delivery_firstname: clip(address.first_name, 50),
    delivery_lastname: clip(address.last_name, 50),
    delivery_country: address.country_code?.toUpperCase() || undefined,
    delivery_state: clip(address.province, 100),
    delivery_city: clip(address.city, 100),
    delivery_address: clip(joinLines(address), 200),
    delivery_postal_code: clip(address.postal_code, 20),
  }
}

function joinLines(address: SnapshotAddress): string {
  return [address.address_1, address.address_2]
    .filter((line) => line && line.trim())
    .join(", ")
}

function clip(
  value: string | null | undefined,
  max: number
): string | undefined {
  if (!value) return undefined
  const trimmed = value.trim()
  return trimmed ? trimmed.slice(0, max) : undefined
}

/** Identifiers are sent whole or not at all: a cut-off e-mail or id would be wrong, not shorter. */
function fits(
  value: string | null | undefined,
  max: number
): string | undefined {
  if (!value) return undefined
  const trimmed = value.trim()
  return trimmed && trimmed.length <= max ? trimmed : undefined
}
