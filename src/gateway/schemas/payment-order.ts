/**
 * The payment order: the request of redirect payment (checkout) and, with the
 * card fields, of direct payment (authorise). Every field is optional on the
 * wire's own terms except those the signing recipes and the money rules need.
 *
 * A direct payment takes one of two shapes (wire contract, "Stored cards"):
 * a typed card (card, expiry and security code; `token_flag` YES asks the
 * service to keep it) or a stored card (a non-empty `token_id`, no card
 * number or expiry, the security code typed again or left out when the
 * shopper is not there).
 */
import { z } from "zod"
import type { FieldLimitOverrides, FieldLimits } from "../limits"
import {
  amount,
  commonRequestFields,
  currencyCode,
  fromJsonText,
  limitsFrom,
  numeric,
  requiredText,
  signedRequestFields,
  text,
  wholeNumber,
} from "./common"

/** A payment method code as optimise answers it (CARD, WALLET, BANK_TRANSFER …). */
export const PAYMENT_METHOD_CODE = /^[A-Z][A-Z0-9_]{0,31}$/

/** Values of token_flag; absent is the same as NO. */
export const TOKEN_FLAGS = ["YES", "NO"] as const

export const cartItemSchema = z.strictObject({
  basic_item_data: z
    .strictObject({
      name: text().optional(),
      quantity: text().optional(),
      type: text().optional(),
      price: z
        .strictObject({
          amount_usd: numeric.optional(),
          amount_local_currency: numeric.optional(),
          currency: text().optional(),
        })
        .optional(),
      category: text().optional(),
      productId: text().optional(),
    })
    .optional(),
})

export const accountOwnerSchema = z.strictObject({
  first_name: text().optional(),
  last_name: text().optional(),
  email: text().optional(),
  account_id: text().optional(),
  created: numeric.optional(),
  past_orders_count: numeric.optional(),
  past_orders_sum: numeric.optional(),
  lastLogin_ip: text().optional(),
  registration_ip: text().optional(),
})

export const totalDiscountSchema = z.strictObject({
  coupon_code_used: text().optional(),
  discount_type: text().optional(),
})

export const additionalInformationSchema = z.strictObject({
  mpi_info: z
    .strictObject({
      eci: text().optional(),
      cavv: text().optional(),
      xid: text().optional(),
      dsTransID: text().optional(),
    })
    .optional(),
})

export const orderSubscriptionSchema = z.strictObject({
  contract: text().optional(),
  contract_name: text().optional(),
  contract_amount: text().optional(),
  interval: text().optional(),
  interval_count: text().optional(),
  billing_cycle: wholeNumber.optional(),
  promotion_cycle: wholeNumber.optional(),
  contract_start: text().optional(),
  contract_end: text().optional(),
  price_id: text().optional(),
})

/** The order fields as a plain shape, so other messages (optimise) can reuse them. */
export function paymentOrderShape(limits: FieldLimits) {
  const optionalAmount = amount(limits).optional()
  const optionalText = text().optional()
  return {
    order_no: requiredText(limits.order_no),
    currency: currencyCode,
    amount: amount(limits),
    item_total: optionalAmount,
    shipping: optionalAmount,
    handling: optionalAmount,
    tax_total: optionalAmount,
    insurance: optionalAmount,
    shipping_discount: optionalAmount,
    discount: optionalAmount,
    /** "the service" of the interface document: the merchant site */
    website: text(limits.website).optional(),
    items: text(limits.items).optional(),
    note: text(limits.note).optional(),
    shopper_id: text(limits.shopper_id).optional(),
    shopper_email: text(limits.shopper_email).optional(),
    shopper_ip: text(limits.shopper_ip).optional(),
    shopper_phone: optionalText,
    shopper_level: optionalText,
    open3d: optionalText,
    /** YES: keep the card once the payment is authorised; NO or absent: keep nothing */
    token_flag: z
      .enum(TOKEN_FLAGS, { error: `must be ${TOKEN_FLAGS.join(" or ")}` })
      .optional(),
    /** a stored card pays by direct payment only (storedCardFieldsShape) */
    token_id: z
      .literal("", {
        error: "must be empty: only a direct payment pays with a stored card",
      })
      .optional(),
    first_name: optionalText,
    last_name: optionalText,
    notify_url: optionalText,
    document: optionalText,
    birth_date: optionalText,
    billing_country: optionalText,
    billing_state: optionalText,
    billing_city: optionalText,
    billing_address: optionalText,
    billing_postal_code: optionalText,
    os: optionalText,
    browser: optionalText,
    browser_lang: optionalText,
    time_zone: optionalText,
    resolution: optionalText,
    color_depth: optionalText,
    cookie_new: optionalText,
    cookie_old: optionalText,
    challenge_window_size: optionalText,
    session_id: optionalText,
    delivery_firstname: optionalText,
    delivery_lastname: optionalText,
    delivery_country: optionalText,
    delivery_state: optionalText,
    delivery_city: optionalText,
    delivery_address: optionalText,
    delivery_postal_code: optionalText,
    custom: text(limits.custom).optional(),
    installments: optionalText,
    installments_id: optionalText,
    device_fingerprint: optionalText,
    platform_source: optionalText,
    /** the text on the card holder's statement (the project's DECISION: sent where the hosted page's descriptor input shows it) */
    descriptor: text(limits.descriptor).optional(),
    device_type: optionalText,
    order_type: optionalText,
    checkout_time: wholeNumber.optional(),
    user_agent: optionalText,
    fraudvendor_token_cookie: optionalText,
    price_id: optionalText,
    quote_id: optionalText,
    quote_price: optionalText,
    storefront_domains: optionalText,
    cart_items: fromJsonText(z.array(cartItemSchema)).optional(),
    account_owner: fromJsonText(z.array(accountOwnerSchema)).optional(),
    total_discount: fromJsonText(z.array(totalDiscountSchema)).optional(),
    additional_information: fromJsonText(
      z.array(additionalInformationSchema)
    ).optional(),
    subscription: fromJsonText(orderSubscriptionSchema).optional(),
    // Not in the order table but named by the checkout page's aliases and the
    // checkout signing recipe (return_url), so accepted on both operations.
    return_url: optionalText,
    cancel_url: optionalText,
    default_lang: optionalText,
  }
}

/** Direct payment only. Validation messages never echo these values. */
export function cardFieldsShape(limits: FieldLimits) {
  return {
    card: z
      .string({ error: "must be a string" })
      .max(limits.card, `must be at most ${limits.card} characters`)
      .regex(/^\d{12,19}$/, "must be 12 to 19 digits"),
    expiration_month: z
      .string({ error: "must be a string" })
      .regex(/^(0[1-9]|1[0-2])$/, "must be two digits 01 to 12"),
    expiration_year: z
      .string({ error: "must be a string" })
      .regex(/^\d{4}$/, "must be four digits"),
    security_code: z
      .string({ error: "must be a string" })
      .regex(/^\d{3,4}$/, "must be 3 or 4 digits"),
    /** the shopper browser's Accept header */
    accept: text().optional(),
  }
}

/** Direct payment with a stored card: the token instead of the card. */
export function storedCardFieldsShape(limits: FieldLimits) {
  const empty = z
    .literal("", {
      error: "must be empty when paying with a stored card (token_id)",
    })
    .optional()
  return {
    token_id: requiredText(limits.token_id),
    card: empty,
    expiration_month: empty,
    expiration_year: empty,
    /** typed again by the shopper; empty or absent when the shopper is not there */
    security_code: z
      .string({ error: "must be a string" })
      .regex(/^(\d{3,4})?$/, "must be 3 or 4 digits, or empty")
      .optional(),
    accept: text().optional(),
  }
}

/** The same fields as they travel: the card fields are always sent, empty, so the signature reads empty strings. */
function storedCardWireShape(limits: FieldLimits) {
  const empty = z.literal("", { error: "must be empty" })
  return {
    ...storedCardFieldsShape(limits),
    card: empty,
    expiration_month: empty,
    expiration_year: empty,
    security_code: z
      .string({ error: "must be a string" })
      .regex(/^(\d{3,4})?$/, "must be 3 or 4 digits, or empty"),
  }
}

/** A non-empty token_id makes a direct payment order a stored-card order. */
export function isStoredCardOrder(order: unknown): boolean {
  if (typeof order !== "object" || order === null || !("token_id" in order))
    return false
  return order.token_id !== undefined && order.token_id !== ""
}

/**
 * Validates against the shape token_id picks. A zod union would answer
 * "invalid input" for the whole order; checking the one shape names the
 * failing field (InvalidInputError.field), as every other schema does.
 */
function typedOrStored<T extends z.ZodType, S extends z.ZodType>(
  typed: T,
  stored: S
) {
  return z.unknown().transform((value, ctx): z.output<T> | z.output<S> => {
    const parsed = isStoredCardOrder(value)
      ? stored.safeParse(value)
      : typed.safeParse(value)
    if (parsed.success) return parsed.data
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue })
    return z.NEVER
  })
}

export function createPaymentOrderSchemas(overrides?: FieldLimitOverrides) {
  const limits = limitsFrom(overrides)
  const order = paymentOrderShape(limits)
  const card = cardFieldsShape(limits)
  const orderInput = z.strictObject({
    ...order,
    ...commonRequestFields,
  })
  // the hosted page opens on this method; not signed (wire contract DECISION)
  const checkoutRequestInput = orderInput.extend({
    payment_method: z
      .string({ error: "must be a payment method code" })
      .regex(PAYMENT_METHOD_CODE, "must be a payment method code such as CARD")
      .optional(),
  })
  const cardFields = z.strictObject(card)
  const typedCardOrderInput = orderInput.extend(cardFields.shape)
  const storedCardOrderInput = orderInput.extend(storedCardFieldsShape(limits))
  return {
    /** What a caller passes to checkout; the client adds the common fields. */
    checkoutRequestInput,
    /** The checkout message as it travels. */
    checkoutRequest: checkoutRequestInput.extend(signedRequestFields),
    cardFields,
    /** The checkout order extended with the card fields. */
    typedCardOrderInput,
    /** The checkout order with token_id instead of the card. */
    storedCardOrderInput,
    /** Either order; a non-empty token_id picks the stored-card shape. */
    authorizeRequestInput: typedOrStored(
      typedCardOrderInput,
      storedCardOrderInput
    ),
    /** The direct payment message as it travels. */
    authorizeRequest: typedOrStored(
      typedCardOrderInput.extend(signedRequestFields),
      orderInput.extend(storedCardWireShape(limits)).extend(signedRequestFields)
    ),
  }
}

const defaults = createPaymentOrderSchemas()
export const checkoutRequestInputSchema = defaults.checkoutRequestInput
export const checkoutRequestSchema = defaults.checkoutRequest
export const cardFieldsSchema = defaults.cardFields
export const typedCardOrderInputSchema = defaults.typedCardOrderInput
export const storedCardOrderInputSchema = defaults.storedCardOrderInput
export const authorizeRequestInputSchema = defaults.authorizeRequestInput
export const authorizeRequestSchema = defaults.authorizeRequest

export type CartItem = z.infer<typeof cartItemSchema>
export type AccountOwner = z.infer<typeof accountOwnerSchema>
export type TotalDiscount = z.infer<typeof totalDiscountSchema>
export type AdditionalInformation = z.infer<typeof additionalInformationSchema>
export type OrderSubscription = z.infer<typeof orderSubscriptionSchema>
export type CheckoutRequestInput = z.input<typeof checkoutRequestInputSchema>
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>
export type CardFields = z.infer<typeof cardFieldsSchema>
export type TokenFlag = (typeof TOKEN_FLAGS)[number]
/** A direct payment with the card typed: card fields required, token_flag YES keeps the card. */
export type TypedCardOrderInput = z.input<typeof typedCardOrderInputSchema>
/** A direct payment with a stored card: token_id required, no card number or expiry. */
export type StoredCardOrderInput = z.input<typeof storedCardOrderInputSchema>
export type AuthorizeRequestInput = TypedCardOrderInput | StoredCardOrderInput
/** A validated direct payment order, either shape. */
export type AuthorizeOrder = z.output<typeof authorizeRequestInputSchema>
export type AuthorizeRequest = z.output<typeof authorizeRequestSchema>
