/**
 * Bodies and queries of /admin/acquiring/settings: the server's checks, and
 * the admin's account form runs the same body schemas before it sends.
 * Every value an account may override is checked by the options' own field
 * schema (option-fields.ts); a value left out or null falls back to
 * medusa-config, then to the options' default.
 */
import { z } from "zod"
// each from its own file: the admin's bundle must not reach the gateway's HTTP client
import { isKnownCurrency } from "../gateway/money/currency-digits"
import { maskCardNumbersInText } from "../gateway/redact"
import {
  AcquiringProviderIdSchema,
  AvailabilitySchema,
} from "./account-availability"
import { httpUrlSchema, OPTION_FIELDS as option } from "./option-fields"

const httpUrl = httpUrlSchema("must be an absolute http(s) URL")

const currency = z
  .string({ error: "must be an ISO 4217 currency code" })
  .trim()
  .refine(
    (value) => /^[A-Za-z]{3}$/.test(value) && isKnownCurrency(value),
    "must be an ISO 4217 currency code"
  )
  .transform((value) => value.toLowerCase())

/** A Medusa id of this prefix (sc_…, reg_…); whether the store has it is checked when the account is saved. */
const medusaId = (prefix: string, what: string) =>
  z
    .string({ error: `must be ${what} id (${prefix}_…)` })
    .trim()
    .regex(
      new RegExp(`^${prefix}_[A-Za-z0-9]{1,60}$`),
      `must be ${what} id (${prefix}_…)`
    )

type Undefaulted<T> = T extends z.ZodDefault<infer Inner> ? Inner : T

/**
 * An option made of several values as an account keeps it: each value its
 * own check, optional, and no default filled in. What the merchant leaves
 * out is not stored, so medusa-config's value (else the default) stays in
 * force for it (accounts/effective-options.ts lays the account over
 * medusa-config value by value).
 */
function givenValuesOnly<S extends Record<string, z.ZodType>>(
  option: z.ZodDefault<z.ZodObject<S>>
) {
  const shape = Object.fromEntries(
    Object.entries<z.ZodType>(option.unwrap().shape).map(([name, field]) => [
      name,
      (field instanceof z.ZodDefault
        ? (field.unwrap() as z.ZodType)
        : field
      ).optional(),
    ])
  )
  return z.object(shape).strict() as unknown as z.ZodObject<{
    [K in keyof S]: z.ZodOptional<Undefaulted<S[K]>>
  }>
}

/**
 * The options' advanced overrides, checked by the options' own schemas,
 * without their defaults: an account stores only the values it was given.
 */
export const AdvancedSchema = z
  .object({
    recipes: option.recipes,
    status_codes: option.status_codes,
    limits: option.limits,
    lookup_retries: option.lookup_retries.unwrap().optional(),
    saved_cards: givenValuesOnly(option.saved_cards).optional(),
    payment_methods: givenValuesOnly(option.payment_methods).optional(),
    authorisation_lifetime_days: option.authorisation_lifetime_days
      .unwrap()
      .optional(),
    retention: givenValuesOnly(option.retention).optional(),
    three_d_secure_rules: option.three_d_secure_rules.unwrap().optional(),
    statement_descriptor: option.statement_descriptor,
    chargeback_threshold_percent: option.chargeback_threshold_percent
      .unwrap()
      .optional(),
  })
  .strict()

const nullable = <T extends z.ZodType>(schema: T) =>
  schema.nullable().optional()

const accountFields = {
  name: z
    .string({ error: "is required (a name for this account)" })
    .trim()
    .min(1, "must not be empty")
    .max(100, "must be at most 100 characters")
    // free text: a card number typed into it is stored as first 6 / last 4
    .transform(maskCardNumbersInText),
  enabled: z.boolean({ error: "must be true or false" }),
  mode: z.enum(["test", "live"], { error: 'must be "test" or "live"' }),
  merchant_id: z
    .string({ error: "is required (merchant identifier from the acquirer)" })
    .trim()
    .min(1, "must not be empty"),
  account_id: z
    .string({ error: "is required (account identifier from the acquirer)" })
    .trim()
    .min(1, "must not be empty"),
  base_url: httpUrl,
  sign_key: z
    .string({ error: "must be a string" })
    .min(1, "must not be empty")
    .max(512, "must be at most 512 characters"),
  currencies: z.array(currency).max(200),
  providers: z.array(AcquiringProviderIdSchema).max(50),
  sales_channels: z.array(medusaId("sc", "a sales channel")).max(100),
  regions: z.array(medusaId("reg", "a region")).max(100),
  website_url: nullable(httpUrl),
  backend_url: nullable(httpUrl),
  storefront_url: nullable(httpUrl),
  three_d_secure: nullable(option.three_d_secure.unwrap()),
  auto_capture: nullable(option.auto_capture.unwrap()),
  capture_on: nullable(option.capture_on.unwrap()),
  order_prefix: nullable(option.order_prefix.unwrap()),
  timeout_ms: nullable(option.timeout_ms.unwrap()),
  advanced: nullable(AdvancedSchema),
  availability: nullable(AvailabilitySchema),
}

export const CreateAccountSchema = z
  .object({
    ...accountFields,
    enabled: accountFields.enabled.default(true),
    mode: accountFields.mode.default("live"),
    sign_key: accountFields.sign_key.optional(),
    currencies: accountFields.currencies.default([]),
    providers: accountFields.providers.default([]),
    sales_channels: accountFields.sales_channels.default([]),
    regions: accountFields.regions.default([]),
  })
  .strict()

export const UpdateAccountSchema = z
  .object({
    name: accountFields.name.optional(),
    enabled: accountFields.enabled.optional(),
    mode: accountFields.mode.optional(),
    merchant_id: accountFields.merchant_id.optional(),
    account_id: accountFields.account_id.optional(),
    base_url: accountFields.base_url.optional(),
    sign_key: accountFields.sign_key.optional(),
    currencies: accountFields.currencies.optional(),
    providers: accountFields.providers.optional(),
    sales_channels: accountFields.sales_channels.optional(),
    regions: accountFields.regions.optional(),
    website_url: accountFields.website_url,
    backend_url: accountFields.backend_url,
    storefront_url: accountFields.storefront_url,
    three_d_secure: accountFields.three_d_secure,
    auto_capture: accountFields.auto_capture,
    capture_on: accountFields.capture_on,
    order_prefix: accountFields.order_prefix,
    timeout_ms: accountFields.timeout_ms,
    advanced: accountFields.advanced,
    availability: accountFields.availability,
  })
  .strict()

export const ListChangesQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict()

export type CreateAccountInput = z.output<typeof CreateAccountSchema>
export type UpdateAccountInput = z.output<typeof UpdateAccountSchema>
