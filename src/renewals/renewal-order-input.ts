/**
 * What a renewal order is made of: the first order's items, quantities,
 * prices, taxes and discounts, its customer, addresses and shipping
 * methods, copied as they were sold (no price looked up again, no
 * promotion counted again: the acquirer charged the subscription's
 * amount, whatever the catalogue says today). Ids and links of the first
 * order's rows are left behind; each copy is the renewal's own.
 */
import { MathBN } from "@medusajs/framework/utils"
import type {
  CreateOrderDTO,
  CreateOrderLineItemDTO,
} from "@medusajs/framework/types"
import { exactAmount } from "../money/medusa-amount"

type Row = Record<string, unknown>

/** The first order as the query graph reads it (FIRST_ORDER_FIELDS). */
export interface FirstOrder {
  id: string
  display_id?: number | null
  email?: string | null
  customer_id?: string | null
  region_id?: string | null
  sales_channel_id?: string | null
  currency_code: string
  shipping_address?: Row | null
  billing_address?: Row | null
  items?: (Row & { tax_lines?: Row[]; adjustments?: Row[] })[] | null
  shipping_methods?: (Row & { tax_lines?: Row[]; adjustments?: Row[] })[] | null
}

export const FIRST_ORDER_FIELDS = [
  "id",
  "display_id",
  "email",
  "customer_id",
  "region_id",
  "sales_channel_id",
  "currency_code",
  "shipping_address.*",
  "billing_address.*",
  "items.*",
  "items.tax_lines.*",
  "items.adjustments.*",
  "shipping_methods.*",
  "shipping_methods.tax_lines.*",
  "shipping_methods.adjustments.*",
]

const ADDRESS_FIELDS = [
  "first_name",
  "last_name",
  "company",
  "address_1",
  "address_2",
  "city",
  "country_code",
  "province",
  "postal_code",
  "phone",
] as const

const ITEM_FIELDS = [
  "title",
  "subtitle",
  "thumbnail",
  "product_id",
  "product_title",
  "product_description",
  "product_subtitle",
  "product_type",
  "product_collection",
  "product_handle",
  "variant_id",
  "variant_sku",
  "variant_barcode",
  "variant_title",
  "variant_option_values",
  "requires_shipping",
  "is_discountable",
  "is_tax_inclusive",
] as const

function picked(row: Row, fields: readonly string[]): Row {
  const copy: Row = {}
  for (const field of fields)
    if (row[field] !== null && row[field] !== undefined)
      copy[field] = row[field]
  return copy
}

function amountOf(row: Row, field: string): string {
  return exactAmount(
    (row[`raw_${field}`] ?? row[field] ?? 0) as Parameters<
      typeof exactAmount
    >[0]
  )
}

function taxLines(rows: Row[] | undefined) {
  return (rows ?? []).map((line) => ({
    ...picked(line, ["code", "description", "provider_id"]),
    code: String(line.code ?? ""),
    rate: amountOf(line, "rate"),
  }))
}

function adjustments(rows: Row[] | undefined) {
  // the discount as sold; its promotion is not counted as used again
  return (rows ?? []).map((line) => ({
    ...picked(line, ["code", "description", "provider_id"]),
    amount: amountOf(line, "amount"),
  }))
}

function address(row: Row | null | undefined): Row | undefined {
  return row ? picked(row, ADDRESS_FIELDS) : undefined
}

/** The renewal of `first` for the deduction `orderNo`, as Medusa's order module creates it. */
export function renewalOrderInput(
  first: FirstOrder,
  renewal: {
    id: string
    order_no: string
    recurring_id: string | null
    deduction_number: number
  }
): CreateOrderDTO & { id: string } {
  const items: CreateOrderLineItemDTO[] = (first.items ?? []).map((item) => ({
    ...(picked(item, ITEM_FIELDS) as Omit<
      CreateOrderLineItemDTO,
      "quantity" | "unit_price" | "title"
    >),
    title: String(item.title ?? ""),
    quantity: amountOf(item, "quantity"),
    unit_price: amountOf(item, "unit_price"),
    tax_lines: taxLines(item.tax_lines),
    adjustments: adjustments(item.adjustments),
  }))
  const shipping_methods = (first.shipping_methods ?? []).map((method) => ({
    ...picked(method, ["shipping_option_id", "is_tax_inclusive", "data"]),
    name: String(method.name ?? ""),
    amount: amountOf(method, "amount"),
    tax_lines: taxLines(method.tax_lines),
    adjustments: adjustments(method.adjustments),
  }))
  return {
    id: renewal.id,
    currency_code: first.currency_code,
    ...(first.email ? { email: first.email } : {}),
    ...(first.customer_id ? { customer_id: first.customer_id } : {}),
    ...(first.region_id ? { region_id: first.region_id } : {}),
    ...(first.sales_channel_id
      ? { sales_channel_id: first.sales_channel_id }
      : {}),
    shipping_address: address(first.shipping_address),
    billing_address: address(first.billing_address),
    items,
    shipping_methods,
    metadata: {
      acquiring_renewal_of: first.id,
      acquiring_deduction: renewal.order_no,
      acquiring_deduction_number: renewal.deduction_number,
      ...(renewal.recurring_id
        ? { acquiring_subscription: renewal.recurring_id }
        : {}),
    },
  } as CreateOrderDTO & { id: string }
}

/**
 * How the renewal's total is brought to what the acquirer charged when the
 * subscription's price is not the first order's: a credit line for a lower
 * price, a line "Subscription price" for a higher one. Null: they agree.
 */
export function priceGap(
  orderTotal: string,
  charged: string
): { credit: string } | { surcharge: string } | null {
  const gap = MathBN.sub(MathBN.convert(orderTotal), MathBN.convert(charged))
  if (gap.isZero()) return null
  return gap.isPositive()
    ? { credit: gap.toFixed() }
    : { surcharge: gap.negated().toFixed() }
}
