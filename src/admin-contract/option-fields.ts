/**
 * The provider options an account may override, each with its own check:
 * medusa-config's options (accounts/options.ts) and the admin's account
 * requests (account-requests.ts) are built from these, so a value is valid in
 * both or in neither. Browser-safe: the admin's account form runs them too.
 */
import { z } from "zod"
import {
  DEDUCTION_INFIX,
  DEDUCTION_INFIX_PATTERN,
} from "../gateway/deduction-order-no"
// each from its own file: the admin's bundle must not reach the gateway's HTTP client
import { DEFAULT_BATCH_LIMITS, DEFAULT_FIELD_LIMITS } from "../gateway/limits"
import { MESSAGE_KINDS } from "../gateway/signing/recipes"
import { ORDER_OUTCOMES, PAYMENT_OUTCOMES } from "../gateway/statuses"
import { ThreeDSecureRulesSchema } from "./three-d-secure-rules"
import { StatementDescriptorSchema } from "./statement-descriptor"

/** order_no = prefix + 24 random hex digits: stays ≤ 50 with a 20-character prefix. */
export const MAX_ORDER_PREFIX = 20

/** When a payment is captured (what each means: accounts/capture-policy.ts). */
export const CAPTURE_MOMENTS = [
  "authorisation",
  "fulfilment",
  "shipment",
  "manual",
] as const

export type CaptureMoment = (typeof CAPTURE_MOMENTS)[number]

/** An absolute http(s) URL without trailing slashes; `missing` is the message when none is given. */
export function httpUrlSchema(missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .refine((value) => {
      try {
        const url = new URL(value)
        return url.protocol === "https:" || url.protocol === "http:"
      } catch {
        return false
      }
    }, "must be an absolute http(s) URL")
    .transform((value) => value.replace(/\/+$/, ""))
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"])

/** The URLs live mode refuses: plain http off loopback (a test gateway needs mode "test"). */
export function liveModeUrlIssues(
  urls: Partial<Record<"base_url" | "backend_url", string | null>>
): { path: ["base_url" | "backend_url"]; message: string }[] {
  const issues: { path: ["base_url" | "backend_url"]; message: string }[] = []
  for (const key of ["base_url", "backend_url"] as const) {
    let url: URL
    try {
      url = new URL(urls[key] ?? "")
    } catch {
      continue // reported by the field's own check
    }
    if (url.protocol !== "https:" && !LOOPBACK_HOSTS.has(url.hostname))
      issues.push({
        path: [key],
        message:
          'must use https in live mode (mode "test" is for a test gateway)',
      })
  }
  return issues
}

function partialRecord<T extends z.ZodType>(
  keys: readonly string[],
  value: T,
  what: string
) {
  return z
    .record(z.string(), value)
    .superRefine((record, ctx) => {
      for (const key of Object.keys(record)) {
        if (!keys.includes(key)) {
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: `unknown ${what} "${key}"; known: ${keys.join(", ")}`,
          })
        }
      }
    })
    .optional()
}

/** A payment method code as optimise answers it (CARD, WALLET, BANK_TRANSFER …). */
export const paymentMethodCode = z
  .string({ error: "must be a payment method code" })
  .regex(
    /^[A-Z][A-Z0-9_]{0,31}$/,
    "must be a payment method code such as WALLET"
  )

export const positiveInt = z
  .number()
  .int("must be a whole number")
  .positive("must be positive")

/** Retention periods in days: at least a day, at most ten years. */
export const MAX_RETENTION_DAYS = 3650
const retentionDays = positiveInt.max(
  MAX_RETENTION_DAYS,
  `must be at most ${MAX_RETENTION_DAYS} (10 years)`
)

export const DEFAULT_RETENTION = {
  shopper_data_days: 180,
  history_days: 365,
} as const

/** Visa's early-warning level, and Mastercard's: 0.9 % of a month's transactions. */
export const DEFAULT_CHARGEBACK_THRESHOLD_PERCENT = "0.9"

/** A percentage above 0 and at most 100, as text with at most two decimals. */
export const ChargebackThresholdSchema = z
  .string({ error: 'must be a percentage as text, such as "0.9"' })
  .regex(
    /^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/,
    'must be a percentage from 0.01 to 100 with at most two decimals, such as "0.9"'
  )
  .refine((text) => /[1-9]/.test(text), "must be above 0")

/** The overridable options with medusa-config's defaults. */
export const OPTION_FIELDS = {
  /** "always" asks the service for 3-D Secure on every payment (open3d=do3DS); "issuer" lets the service decide. */
  three_d_secure: z
    .enum(["always", "issuer"], { error: 'must be "always" or "issuer"' })
    .default("issuer"),
  /** Rules before `three_d_secure`: the first that matches a payment decides (admin-contract/three-d-secure-rules.ts). */
  three_d_secure_rules: ThreeDSecureRulesSchema.default([]),
  /** The text on the card holder's bank statement (admin-contract/statement-descriptor.ts); unset: the acquirer's own. */
  statement_descriptor: StatementDescriptorSchema.optional(),
  /** order_status 1 means "paid" on accounts set to capture automatically (capture_on "authorisation"). */
  auto_capture: z.boolean({ error: "must be true or false" }).default(false),
  /** When a payment is captured; unset keeps auto_capture's meaning (see accounts/capture-policy.ts). */
  capture_on: z
    .enum(CAPTURE_MOMENTS, {
      error: `must be one of ${CAPTURE_MOMENTS.map((m) => `"${m}"`).join(", ")}`,
    })
    .optional(),
  /** Days an authorisation lives uncaptured before the acquirer releases it (wire contract DECISION: 7). */
  authorisation_lifetime_days: positiveInt
    .max(365, "must be at most 365")
    .default(7),
  /** Days the acquirer awaits a bank transfer's money before it lapses the payment (wire contract DECISION: 7; acquirers differ). */
  transfer_lifetime_days: positiveInt
    .max(365, "must be at most 365")
    .default(7),
  /**
   * `order_type` of payments the card holder does not attend (wire contract
   * DECISION, "Staff-entered card payments"): a stored card the merchant
   * charges, and a card staff type on the hosted page.
   */
  order_types: z
    .object({
      merchant_initiated: z.string().trim().min(1).max(20).default("MIT"),
      staff_entered: z.string().trim().min(1).max(20).default("MOTO"),
    })
    .strict()
    .default({ merchant_initiated: "MIT", staff_entered: "MOTO" }),
  /**
   * How the acquirer numbers a subscription's deductions (wire contract
   * DECISION, "Subscription deductions"): the first payment's order
   * number, this infix, the deduction's number.
   */
  subscription_deductions: z
    .object({
      order_no_infix: z
        .string()
        .regex(
          DEDUCTION_INFIX_PATTERN,
          "must be 1 to 5 letters, - or _ (such as -R)"
        )
        .default(DEDUCTION_INFIX),
    })
    .strict()
    .default({ order_no_infix: DEDUCTION_INFIX }),
  order_prefix: z
    .string()
    .max(MAX_ORDER_PREFIX, `must be at most ${MAX_ORDER_PREFIX} characters`)
    .regex(/^[A-Za-z0-9_]*$/, "may hold only letters, digits and underscores")
    .default("MED"),
  timeout_ms: positiveInt
    .max(120_000, "must be at most 120000 (2 minutes)")
    .default(30_000),
  lookup_retries: z
    .number()
    .int("must be a whole number")
    .min(0, "must be 0 or more")
    .max(5, "must be at most 5")
    .default(2),
  recipes: partialRecord(
    MESSAGE_KINDS,
    z.array(z.string().min(1)).min(1, "must list at least one field"),
    "message kind"
  ),
  status_codes: z
    .object({
      order_status: z.record(z.string(), z.enum(ORDER_OUTCOMES)).optional(),
      payment_status: z.record(z.string(), z.enum(PAYMENT_OUTCOMES)).optional(),
    })
    .strict()
    .optional(),
  /**
   * Saved cards (the wire contract's "Stored cards", a decision): whether
   * signed-in customers may keep a card, and whether paying with one asks
   * for the security code again. A storefront route never pays without it
   * unless this says "optional".
   */
  saved_cards: z
    .object({
      enabled: z.boolean({ error: "must be true or false" }).default(true),
      security_code: z
        .enum(["required", "optional"], {
          error: 'must be "required" or "optional"',
        })
        .default("required"),
    })
    .strict()
    .default({ enabled: true, security_code: "required" }),
  /**
   * The methods the checkout offers (wire contract DECISION, "Payment
   * methods"): `hidden` are never offered, `order` puts these first in this
   * order (the rest keep the acquirer's), `budget_ms` is how long the
   * checkout waits for the acquirer's recommendation before offering cards;
   * `delayed` and `awaiting_code` say which methods wait for the shopper's
   * money and how the acquirer says so.
   */
  payment_methods: z
    .object({
      hidden: z.array(paymentMethodCode).max(20).default([]),
      order: z.array(paymentMethodCode).max(20).default([]),
      budget_ms: positiveInt
        .max(10_000, "must be at most 10000 (10 seconds)")
        .default(1_500),
      /** methods that end pending until the money arrives, captured on arrival */
      delayed: z.array(paymentMethodCode).max(20).default(["BANK_TRANSFER"]),
      /** the result code of a delayed payment awaiting the shopper's money */
      awaiting_code: z
        .string()
        .regex(/^[A-Z0-9]{1,10}$/, "must be a result code such as P0001")
        .default("P0001"),
    })
    .strict()
    .default({
      hidden: [],
      order: [],
      budget_ms: 1_500,
      delayed: ["BANK_TRANSFER"],
      awaiting_code: "P0001",
    }),
  /**
   * How long the plugin keeps what it holds about shoppers (docs/security.md,
   * "What is kept, where, and for how long"): `shopper_data_days` after a
   * payment's state was last written its cart snapshot, client and device
   * data are removed (the money record stays); `history_days` after an entry
   * of a payment's history was written it is deleted. The daily job is
   * store-wide: it applies the longest value any provider entry or account
   * sets (src/retention/retention-policy.ts).
   */
  retention: z
    .object({
      shopper_data_days: retentionDays.default(
        DEFAULT_RETENTION.shopper_data_days
      ),
      history_days: retentionDays.default(DEFAULT_RETENTION.history_days),
    })
    .strict()
    .default({ ...DEFAULT_RETENTION }),
  /**
   * The chargeback ratio (chargebacks opened in a month over the payments
   * captured that month, in percent) at which the payments overview marks a
   * month and the alerts warn: the card schemes' early-warning level, or
   * the one the acquirer's contract names.
   */
  chargeback_threshold_percent: ChargebackThresholdSchema.default(
    DEFAULT_CHARGEBACK_THRESHOLD_PERCENT
  ),
  limits: z
    .object({
      batch: partialRecord(
        Object.keys(DEFAULT_BATCH_LIMITS),
        positiveInt,
        "batch operation"
      ),
      fields: partialRecord(
        Object.keys(DEFAULT_FIELD_LIMITS),
        positiveInt,
        "field"
      ),
    })
    .strict()
    .optional(),
}
