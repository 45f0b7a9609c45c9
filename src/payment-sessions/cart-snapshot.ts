/**
 * What the plugin knows about the shopper's cart, as stored in the payment
 * session's data. Written by the plugin's middleware from the real cart
 * (never from the browser); the client part is read from the HTTP request.
 */
import { z } from "zod"
import { maskCardNumbersInText } from "../gateway/redact"

/** An identifier or code, kept exactly as Medusa holds it. */
const optionalText = z.string().nullable().optional()
/** Free text someone typed (names, addresses, e-mail): a card number in it is stored as first 6 / last 4. */
const freeText = z.string().transform(maskCardNumbersInText)
const optionalFreeText = freeText.nullable().optional()

export const SnapshotAddressSchema = z.object({
  first_name: optionalFreeText,
  last_name: optionalFreeText,
  company: optionalFreeText,
  address_1: optionalFreeText,
  address_2: optionalFreeText,
  city: optionalFreeText,
  province: optionalFreeText,
  postal_code: optionalFreeText,
  country_code: optionalText,
  phone: optionalFreeText,
})
export type SnapshotAddress = z.infer<typeof SnapshotAddressSchema>

/** The address fields Medusa is asked for, as the schema names them. */
export const SNAPSHOT_ADDRESS_FIELDS = Object.keys(SnapshotAddressSchema.shape)

/** A Medusa address as the snapshot keeps it: its known fields that are set; null when none is. */
export function snapshotAddress(
  raw: Record<string, unknown> | null | undefined
): SnapshotAddress | null {
  if (!raw) return null
  const kept = Object.fromEntries(
    SNAPSHOT_ADDRESS_FIELDS.flatMap((field) =>
      raw[field] === undefined || raw[field] === null
        ? []
        : [[field, raw[field]]]
    )
  )
  return Object.keys(kept).length ? (kept as SnapshotAddress) : null
}

export const SnapshotItemSchema = z.object({
  id: z.string(),
  name: freeText,
  code: optionalText,
  product_id: optionalText,
  category: optionalFreeText,
  /** full-precision decimal string as Medusa holds it */
  unit_price: z.string(),
  quantity: z.number(),
  requires_shipping: z.boolean().nullable().optional(),
})
export type SnapshotItem = z.infer<typeof SnapshotItemSchema>

/** Full-precision decimal strings; rounded once when the order is built. */
export const SnapshotTotalsSchema = z.object({
  total: z.string(),
  item_subtotal: z.string(),
  shipping_subtotal: z.string(),
  discount_subtotal: z.string(),
  tax_total: z.string(),
})
export type SnapshotTotals = z.infer<typeof SnapshotTotalsSchema>

export const CartSnapshotSchema = z.object({
  id: z.string(),
  email: optionalFreeText,
  currency_code: z.string(),
  customer_id: optionalText,
  customer_phone: optionalFreeText,
  /** which account serves the cart (accounts/account-record.ts: accountFor) */
  sales_channel_id: optionalText,
  region_id: optionalText,
  /** cart.updated_at when the snapshot was taken: a later change means a new snapshot */
  updated_at: z.string().optional(),
  totals: SnapshotTotalsSchema,
  items: z.array(SnapshotItemSchema),
  shipping_address: SnapshotAddressSchema.nullable().optional(),
  billing_address: SnapshotAddressSchema.nullable().optional(),
  promotion_codes: z.array(z.string()).optional(),
  /** true: the cart's customer (a guest's too) has no earlier order (the first-order 3-D Secure rule); absent: not known */
  first_order: z.boolean().optional(),
})
export type CartSnapshot = z.infer<typeof CartSnapshotSchema>

/** Read from the request's headers, which the browser writes: masked like any free text. */
export const ClientContextSchema = z.object({
  shopper_ip: freeText.optional(),
  user_agent: freeText.optional(),
  browser_lang: freeText.optional(),
  /** the shopper's country by IP, from the header the deployment's proxy sets (option ip_country_header) */
  ip_country: z
    .string()
    .regex(/^[a-z]{2}$/)
    .optional(),
})
export type ClientContext = z.infer<typeof ClientContextSchema>

/** Only the first language tag of Accept-Language, e.g. "de-DE". */
export function browserLanguage(
  acceptLanguage: string | undefined
): string | undefined {
  if (!acceptLanguage) return undefined
  const first = acceptLanguage.split(",")[0]?.split(";")[0]?.trim()
  return first && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(first)
    ? first
    : undefined
}
