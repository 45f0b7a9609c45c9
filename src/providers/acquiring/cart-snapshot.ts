/**
 * What the plugin knows about the shopper's cart and device, as stored in
 * the payment session's data. The cart part is written by the plugin's
 * middleware from the real cart (never from the browser); the device part
 * comes from the storefront and is validated here; the client part is read
 * from the HTTP request.
 */
import { z } from "zod"

export interface SnapshotAddress {
  first_name?: string | null
  last_name?: string | null
  company?: string | null
  address_1?: string | null
  address_2?: string | null
  city?: string | null
  province?: string | null
  postal_code?: string | null
  country_code?: string | null
  phone?: string | null
}

export interface SnapshotItem {
  id: string
  name: string
  code?: string | null
  product_id?: string | null
  category?: string | null
  /** full-precision decimal string as Medusa holds it */
  unit_price: string
  quantity: number
  requires_shipping?: boolean | null
}

/** Full-precision decimal strings; rounded once when the order is built. */
export interface SnapshotTotals {
  total: string
  item_subtotal: string
  shipping_subtotal: string
  discount_subtotal: string
  tax_total: string
}

export interface CartSnapshot {
  id: string
  email?: string | null
  currency_code: string
  customer_id?: string | null
  customer_phone?: string | null
  totals: SnapshotTotals
  items: SnapshotItem[]
  shipping_address?: SnapshotAddress | null
  billing_address?: SnapshotAddress | null
  promotion_codes?: string[]
}

export interface ClientContext {
  shopper_ip?: string
  user_agent?: string
  browser_lang?: string
}

const text = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`)

/** Device data the storefront collects for 3-D Secure and risk screening. */
export const DeviceSchema = z
  .object({
    os: text(100).optional(),
    browser: text(100).optional(),
    time_zone: z
      .union([z.string(), z.number()])
      .transform(String)
      .pipe(
        z
          .string()
          .regex(
            /^([+-]?\d{1,4}|[+-]\d{2}:?\d{2}|[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2})$/,
            "must be a UTC offset (like -60 or +02:00) or an IANA zone (like Europe/Berlin)"
          )
      )
      .optional(),
    resolution: z
      .string()
      .regex(/^\d{2,5}[x*]\d{2,5}$/, "must look like 1920x1080")
      .optional(),
    color_depth: z
      .union([z.string(), z.number()])
      .transform(String)
      .pipe(z.string().regex(/^\d{1,2}$/, "must be a bit depth such as 24"))
      .optional(),
    challenge_window_size: z
      .enum(["01", "02", "03", "04", "05"], {
        error: "must be one of 01, 02, 03, 04, 05",
      })
      .optional(),
  })
  .strict()

export type DeviceData = z.infer<typeof DeviceSchema>

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
