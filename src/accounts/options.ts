/**
 * Provider options from medusa-config, validated once at start-up. Every
 * item the wire contract marks [ANALOG] or [DECISION] (signing recipes,
 * status-code meanings, limits) can be overridden here, because a
 * merchant's acquirer may differ.
 */
import { z } from "zod"
import { CAPTURE_MOMENTS } from "../capture/capture-policy"
import { VelocityOptionsSchema } from "../velocity/options"
import { MESSAGE_KINDS } from "../gateway/signing/recipes"
import { ORDER_OUTCOMES, PAYMENT_OUTCOMES } from "../gateway/statuses"
import { DEFAULT_BATCH_LIMITS, DEFAULT_FIELD_LIMITS } from "../gateway/limits"

/** order_no = prefix + 24 random hex digits: stays ≤ 50 with a 20-character prefix. */
export const MAX_ORDER_PREFIX = 20

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"])

function isLoopback(url: URL): boolean {
  return LOOPBACK_HOSTS.has(url.hostname)
}

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

const httpUrl = httpUrlSchema("is required (an absolute http(s) URL)")

const required = (what: string) =>
  z
    .string({ error: `is required (${what})` })
    .trim()
    .min(1, `must not be empty (${what})`)

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

const positiveInt = z
  .number()
  .int("must be a whole number")
  .positive("must be positive")

export const AcquiringOptionsSchema = z
  .object({
    merchant_id: required("merchant identifier from the acquirer"),
    account_id: required("merchant account identifier from the acquirer"),
    sign_key: z
      .string({ error: "is required (the account's signing key)" })
      .min(1, "must not be empty"),
    base_url: httpUrl,
    /** "live" refuses a plain-http gateway unless it is on loopback. */
    mode: z
      .enum(["live", "test"], { error: 'must be "live" or "test"' })
      .default("live"),
    website: required("the merchant site sent as `website`").pipe(
      z
        .string()
        .max(
          DEFAULT_FIELD_LIMITS.website,
          `must be at most ${DEFAULT_FIELD_LIMITS.website} characters`
        )
    ),
    /** Public URL of this Medusa backend: notify_url and the browser return URLs are built from it. */
    backend_url: httpUrl,
    /** The storefront page the shopper lands on after the hosted page or a 3-D Secure challenge (`?status=&attempt=`). */
    storefront_return_url: httpUrl,
    /** Where a shopper who gave up on the hosted page lands; the return page (with `status=canceled`) when not set. */
    storefront_cancel_url: httpUrl.optional(),
    /** "always" asks the service for 3-D Secure on every payment (open3d=do3DS); "issuer" lets the service decide. */
    three_d_secure: z
      .enum(["always", "issuer"], { error: 'must be "always" or "issuer"' })
      .default("issuer"),
    /** order_status 1 means "paid" on accounts set to capture automatically (capture_on "authorisation"). */
    auto_capture: z.boolean({ error: "must be true or false" }).default(false),
    /** When a payment is captured; unset keeps auto_capture's meaning (see capture-policy.ts). */
    capture_on: z
      .enum(CAPTURE_MOMENTS, {
        error: `must be one of ${CAPTURE_MOMENTS.map((m) => `"${m}"`).join(", ")}`,
      })
      .optional(),
    /** Days an authorisation lives uncaptured before the acquirer releases it (wire contract DECISION: 7). */
    authorisation_lifetime_days: positiveInt
      .max(365, "must be at most 365")
      .default(7),
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
    platform_source: z.string().max(100).default("medusa"),
    recipes: partialRecord(
      MESSAGE_KINDS,
      z.array(z.string().min(1)).min(1, "must list at least one field"),
      "message kind"
    ),
    status_codes: z
      .object({
        order_status: z.record(z.string(), z.enum(ORDER_OUTCOMES)).optional(),
        payment_status: z
          .record(z.string(), z.enum(PAYMENT_OUTCOMES))
          .optional(),
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
    /** velocity limits on card submission and hosted pages (see docs/abuse-protection.md) */
    velocity: VelocityOptionsSchema.optional(),
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
  })
  .strict()
  .superRefine((options, ctx) => {
    if (options.mode !== "live") return
    for (const key of ["base_url", "backend_url"] as const) {
      let url: URL
      try {
        url = new URL(options[key])
      } catch {
        continue // already reported by the field's own check
      }
      if (url.protocol !== "https:" && !isLoopback(url)) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message:
            'must use https in live mode (set mode: "test" for a test gateway)',
        })
      }
    }
  })

export type AcquiringOptionsInput = z.input<typeof AcquiringOptionsSchema>
export type AcquiringOptions = z.output<typeof AcquiringOptionsSchema>

export class AcquiringOptionsError extends Error {
  readonly issues: { path: string; message: string }[]

  constructor(issues: { path: string; message: string }[]) {
    super(
      `acquiring payment provider options are invalid: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`
    )
    this.name = "AcquiringOptionsError"
    this.issues = issues
  }
}

/** Validates raw options; the error names every bad option and never echoes a value (sign_key may be among them). */
export function parseAcquiringOptions(raw: unknown): AcquiringOptions {
  const parsed = AcquiringOptionsSchema.safeParse(raw ?? {})
  if (parsed.success) return parsed.data
  throw new AcquiringOptionsError(
    parsed.error.issues.map((issue) => ({
      path: issue.path.map(String).join(".") || "options",
      message:
        issue.code === "unrecognized_keys"
          ? `unknown option(s) ${issue.keys.join(", ")}`
          : issue.message,
    }))
  )
}
