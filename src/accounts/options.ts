/**
 * Provider options from medusa-config, validated once at start-up. Every
 * item the wire contract marks [ANALOG] or [DECISION] (signing recipes,
 * status-code meanings, limits) can be overridden here, because a
 * merchant's acquirer may differ.
 */
import { z } from "zod"
import {
  httpUrlSchema,
  liveModeUrlIssues,
  OPTION_FIELDS,
} from "../admin-contract/option-fields"
import { VelocityOptionsSchema } from "../velocity/options"
import { CurrencyCodeSchema } from "../admin-contract/account-availability"
import { DEFAULT_FIELD_LIMITS } from "../gateway/limits"
import { DEDUCTION_INFIX } from "../gateway/deduction-order-no"

/**
 * "prompt": a verified notification is handled on the instance that received
 * it before the acquirer gets its answer (notifications/prompt-handling.ts);
 * "worker": handed at once to the worker through the plugin's own queue in
 * Redis (notification_queue), handled there beside nothing else;
 * "queued": handed to Medusa's webhook route as it is, processed on a worker
 * about 5 s later, behind every other event.
 */
const NotificationHandlingSchema = z
  .enum(["prompt", "worker", "queued"], {
    error: 'must be "prompt", "worker" or "queued"',
  })
  .default("prompt")
export type NotificationHandling = z.output<typeof NotificationHandlingSchema>

/** Where `notification_handling: "worker"` queues verified notifications, and how many a worker handles at once. */
export const NotificationQueueSchema = z
  .object({
    /** Medusa's `projectConfig.redisUrl` when not set. */
    redis_url: z.string().min(1).optional(),
    /** Every key of the queue starts with it: instances sharing a Redis for several stores keep apart. */
    prefix: z
      .string()
      .regex(
        /^[A-Za-z0-9:_-]{1,100}$/,
        "must be 1–100 of A–Z, a–z, 0–9, :, _ and -"
      )
      .default("acquiring"),
    concurrency: z.number().int().min(1).max(64).default(32),
  })
  .strict()
export type NotificationQueueOptions = z.output<typeof NotificationQueueSchema>

const httpUrl = httpUrlSchema("is required (an absolute http(s) URL)")

const required = (what: string) =>
  z
    .string({ error: `is required (${what})` })
    .trim()
    .min(1, `must not be empty (${what})`)

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
    ...OPTION_FIELDS,
    platform_source: z.string().max(100).default("medusa"),
    /** The carts these options serve when no admin account does (empty: every one); an admin account has its own. */
    currencies: z
      .array(CurrencyCodeSchema.transform((code) => code.toLowerCase()))
      .default([]),
    sales_channels: z
      .array(
        z
          .string()
          .regex(/^sc_[A-Za-z0-9]+$/, "must be a sales channel id (sc_…)")
      )
      .default([]),
    regions: z
      .array(
        z.string().regex(/^reg_[A-Za-z0-9]+$/, "must be a region id (reg_…)")
      )
      .default([]),
    /** The request header the deployment's proxy or CDN sets to the shopper's country (e.g. cf-ipcountry), for the ip_country 3-D Secure rule; unset: never read (a browser could send it). */
    ip_country_header: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/, "must be an HTTP header name")
      .optional(),
    /** velocity limits on card submission and hosted pages (see docs/abuse-protection.md) */
    velocity: VelocityOptionsSchema.optional(),
    notification_handling: NotificationHandlingSchema,
    notification_queue: NotificationQueueSchema.prefault({}),
    /**
     * How long a card payment's notification that only restates the card's
     * answer leaves the storefront to complete the cart before the plugin
     * completes it (the shopper who closed the tab); 0: at once.
     */
    card_order_wait_ms: z.number().int().min(0).max(600_000).default(30_000),
  })
  .strict()
  .superRefine((options, ctx) => {
    if (options.mode !== "live") return
    for (const issue of liveModeUrlIssues(options))
      ctx.addIssue({ code: "custom", ...issue })
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

/** The deductions' infix of raw medusa-config options, before a core is built (a notification's triage); the contract's when unset or unreadable. */
export function deductionInfixOf(raw: unknown): string {
  const asked = (raw as { subscription_deductions?: unknown } | null)
    ?.subscription_deductions
  const parsed = OPTION_FIELDS.subscription_deductions.safeParse(asked)
  return parsed.success ? parsed.data.order_no_infix : DEDUCTION_INFIX
}

/** How the notification door treats a verified notification, read from raw medusa-config options before a core is built; "prompt" when unset or unreadable. */
export function notificationHandlingOf(raw: unknown): NotificationHandling {
  const asked = (raw as { notification_handling?: unknown } | null)
    ?.notification_handling
  const parsed = NotificationHandlingSchema.safeParse(asked)
  return parsed.success ? parsed.data : "prompt"
}

/** The notification queue's settings, read from raw medusa-config options as notificationHandlingOf is; the defaults when unset or unreadable. */
export function notificationQueueOf(raw: unknown): NotificationQueueOptions {
  const asked = (raw as { notification_queue?: unknown } | null)
    ?.notification_queue
  const parsed = NotificationQueueSchema.safeParse(asked ?? {})
  return parsed.success ? parsed.data : NotificationQueueSchema.parse({})
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
