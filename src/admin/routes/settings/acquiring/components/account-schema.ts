/**
 * The account form's client-side checks, mirroring the server's (same
 * messages where it can), every refused field at once: the server stays the
 * judge and its 400s are shown beside the fields they name.
 */
import { z } from "zod"
import { fieldErrorsOf } from "../../../../lib/field-errors"
import type { Account } from "../../../../lib/settings-api"
import {
  availabilityOf,
  draftsOf,
  ruleReason,
  rulesProblem,
} from "./availability-form"

export const REQUIRED = "is required"

function isHttpUrl(value: string): boolean {
  try {
    const parsed = new URL(value)
    return parsed.protocol === "http:" || parsed.protocol === "https:"
  } catch {
    return false
  }
}

const URL_MESSAGE = "must be an absolute http(s) URL"
const requiredText = z.string().trim().min(1, REQUIRED)
const requiredUrl = z
  .string()
  .trim()
  .min(1, { error: REQUIRED, abort: true })
  .refine(isHttpUrl, URL_MESSAGE)
const optionalUrl = z
  .string()
  .trim()
  .refine((value) => value === "" || isHttpUrl(value), URL_MESSAGE)

const RuleDraftSchema = z.object({
  providers: z.array(z.string()),
  currency: z.string(),
  min_amount: z.string(),
  max_amount: z.string(),
  billing_countries: z.string(),
  shipping_countries: z.string(),
})

/** Always required: an account has nothing to fall back on for these. */
export const ALWAYS_REQUIRED = [
  "name",
  "merchant_id",
  "account_id",
  "base_url",
] as const

/** Blank only when medusa-config supplies the value (or, for the sign key, the account has one). */
export const FALLBACK_FIELDS = [
  "sign_key",
  "website_url",
  "backend_url",
  "storefront_url",
] as const
export type FallbackField = (typeof FALLBACK_FIELDS)[number]

export function isFallbackField(field: string): field is FallbackField {
  return (FALLBACK_FIELDS as readonly string[]).includes(field)
}

/** The form's schema; `required` names the fallback fields nothing else supplies. */
export function accountFormSchema(
  required: ReadonlySet<FallbackField> = new Set()
) {
  const url = (field: FallbackField) =>
    required.has(field) ? requiredUrl : optionalUrl
  return z.object({
    name: requiredText,
    mode: z.enum(["test", "live"]),
    merchant_id: requiredText,
    account_id: requiredText,
    sign_key: required.has("sign_key")
      ? z.string().min(1, REQUIRED)
      : z.string(),
    base_url: requiredUrl,
    currencies: z
      .string()
      .trim()
      .refine(
        (value) =>
          value === "" ||
          value.split(/[\s,]+/).every((c) => /^[a-zA-Z]{3}$/.test(c)),
        "must be ISO 4217 codes separated by commas (e.g. usd, eur)"
      ),
    website_url: url("website_url"),
    backend_url: url("backend_url"),
    storefront_url: url("storefront_url"),
    /** "inherit": medusa-config's value (or the default) */
    three_d_secure: z.enum(["inherit", "issuer", "always"]),
    capture_on: z.enum([
      "inherit",
      "authorisation",
      "fulfilment",
      "shipment",
      "manual",
    ]),
    providers: z.array(z.string()),
    order_prefix: z
      .string()
      .trim()
      .max(20, "must be at most 20 characters")
      .regex(
        /^[A-Za-z0-9_]*$/,
        "may hold only letters, digits and underscores"
      ),
    timeout_ms: z
      .string()
      .trim()
      .refine(
        (value) =>
          value === "" ||
          (/^\d+$/.test(value) &&
            Number(value) > 0 &&
            Number(value) <= 120_000),
        "must be a whole number of milliseconds, at most 120000"
      ),
    advanced: z.string().refine((value) => {
      if (value.trim() === "") return true
      try {
        const parsed: unknown = JSON.parse(value)
        return !!parsed && typeof parsed === "object" && !Array.isArray(parsed)
      } catch {
        return false
      }
    }, "must be a JSON object"),
    availability: z.array(RuleDraftSchema).superRefine((drafts, ctx) => {
      const problem = rulesProblem(drafts)
      if (problem) ctx.addIssue({ code: "custom", message: problem })
    }),
    enabled: z.boolean(),
  })
}

export type AccountForm = z.infer<ReturnType<typeof accountFormSchema>>
export type FormErrors = Partial<Record<keyof AccountForm, string>>

const LOOPBACK = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:|\/|$)/i

/**
 * Live mode refuses plain-http gateway and backend URLs off loopback, as the
 * options do. Apart from the field checks, so it is found in the same pass.
 */
const LiveUrlsSchema = z
  .object({ mode: z.string(), base_url: z.string(), backend_url: z.string() })
  .superRefine((form, ctx) => {
    if (form.mode !== "live") return
    for (const key of ["base_url", "backend_url"] as const) {
      const value = form[key].trim()
      if (/^http:\/\//i.test(value) && !LOOPBACK.test(value))
        ctx.addIssue({
          code: "custom",
          path: [key],
          message:
            'must use https in live mode (choose mode "Test" for a test gateway)',
        })
    }
  })

/** A new account's form; `mode` the one the server would take (live, or medusa-config's). */
export function emptyForm(mode: AccountForm["mode"] = "live"): AccountForm {
  return {
    name: "",
    mode,
    merchant_id: "",
    account_id: "",
    sign_key: "",
    base_url: "",
    currencies: "",
    website_url: "",
    backend_url: "",
    storefront_url: "",
    three_d_secure: "inherit",
    capture_on: "inherit",
    providers: [],
    order_prefix: "",
    timeout_ms: "",
    advanced: "",
    availability: [],
    enabled: true,
  }
}

export function formOf(account: Account): AccountForm {
  return {
    name: account.name,
    mode: account.mode,
    merchant_id: account.merchant_id,
    account_id: account.account_id,
    sign_key: "",
    base_url: account.base_url,
    currencies: account.currencies.join(", "),
    website_url: account.website_url ?? "",
    backend_url: account.backend_url ?? "",
    storefront_url: account.storefront_url ?? "",
    three_d_secure: account.three_d_secure ?? "inherit",
    // an account saved before capture_on keeps auto_capture's meaning
    capture_on:
      account.capture_on ??
      (account.auto_capture === null
        ? "inherit"
        : account.auto_capture
          ? "authorisation"
          : "manual"),
    providers: account.providers,
    order_prefix: account.order_prefix ?? "",
    timeout_ms: account.timeout_ms ? String(account.timeout_ms) : "",
    advanced:
      account.advanced && Object.keys(account.advanced).length
        ? JSON.stringify(account.advanced, null, 2)
        : "",
    availability: draftsOf(account.availability),
    enabled: account.enabled,
  }
}

/** The request body: a blank optional field is null (medusa-config's value), the sign key only when one was typed. */
export function bodyOf(form: AccountForm) {
  const text = (value: string) => (value.trim() === "" ? null : value.trim())
  return {
    name: form.name.trim(),
    mode: form.mode,
    merchant_id: form.merchant_id.trim(),
    account_id: form.account_id.trim(),
    base_url: form.base_url.trim(),
    currencies: form.currencies.trim()
      ? form.currencies
          .split(/[\s,]+/)
          .filter(Boolean)
          .map((c) => c.toLowerCase())
      : [],
    providers: form.providers,
    website_url: text(form.website_url),
    backend_url: text(form.backend_url),
    storefront_url: text(form.storefront_url),
    three_d_secure:
      form.three_d_secure === "inherit" ? null : form.three_d_secure,
    capture_on: form.capture_on === "inherit" ? null : form.capture_on,
    order_prefix: text(form.order_prefix),
    timeout_ms: text(form.timeout_ms) ? Number(form.timeout_ms) : null,
    advanced: form.advanced.trim()
      ? (JSON.parse(form.advanced) as Record<string, unknown>)
      : null,
    availability: availabilityOf(form.availability),
    enabled: form.enabled,
    ...(form.sign_key ? { sign_key: form.sign_key } : {}),
  }
}

const FORM_FIELDS = Object.keys(emptyForm()) as (keyof AccountForm)[]

function isFormField(key: PropertyKey): key is keyof AccountForm {
  return (FORM_FIELDS as PropertyKey[]).includes(key)
}

/** Every refused field at once, one message each (the first). */
export function validate(
  form: AccountForm,
  required: ReadonlySet<FallbackField>
): FormErrors {
  const errors: FormErrors = {}
  const issues = [
    ...(accountFormSchema(required).safeParse(form).error?.issues ?? []),
    ...(LiveUrlsSchema.safeParse(form).error?.issues ?? []),
  ]
  for (const issue of issues) {
    const key = issue.path[0]
    if (key !== undefined && isFormField(key)) errors[key] ??= issue.message
  }
  return errors
}

/**
 * A server refusal as messages beside the fields it names; what names no
 * field stays for the form's alert. The missing ACQUIRING_SETTINGS_KEY
 * (needed to store a sign key) is shown beside the sign key.
 */
export function serverErrorsOf(message: string): {
  fields: FormErrors
  rest?: string
} {
  const { fields, rest } = fieldErrorsOf(message, FORM_FIELDS)
  if (fields.availability) fields.availability = ruleReason(fields.availability)
  if (rest && /ACQUIRING_SETTINGS_KEY/.test(rest) && !fields.sign_key)
    return { fields: { ...fields, sign_key: rest } }
  return rest ? { fields, rest } : { fields }
}
