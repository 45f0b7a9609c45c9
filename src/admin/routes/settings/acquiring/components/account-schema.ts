/**
 * The account form's client-side checks, mirroring the server's (same
 * messages where it can): the server stays the judge and its 400s are shown
 * beside the field they name.
 */
import { z } from "zod"
import type { Account } from "../../../../lib/settings-api"

const url = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const parsed = new URL(value)
      return parsed.protocol === "http:" || parsed.protocol === "https:"
    } catch {
      return false
    }
  }, "must be an absolute http(s) URL")

const optionalUrl = z.union([z.literal(""), url])

export const AccountFormSchema = z
  .object({
    name: z.string().trim().min(1, "must not be empty"),
    mode: z.enum(["test", "live"]),
    merchant_id: z.string().trim().min(1, "must not be empty"),
    account_id: z.string().trim().min(1, "must not be empty"),
    sign_key: z.string(),
    base_url: url,
    currencies: z
      .string()
      .trim()
      .refine(
        (value) =>
          value === "" ||
          value.split(/[\s,]+/).every((c) => /^[a-zA-Z]{3}$/.test(c)),
        "must be ISO 4217 codes separated by commas (e.g. usd, eur)"
      ),
    website_url: optionalUrl,
    backend_url: optionalUrl,
    storefront_url: optionalUrl,
    /** "inherit": medusa-config's value (or the default) */
    three_d_secure: z.enum(["inherit", "issuer", "always"]),
    auto_capture: z.enum(["inherit", "on", "off"]),
    providers: z.array(z.string()),
    order_prefix: z
      .string()
      .trim()
      .max(20, "must be at most 20 characters")
      .regex(/^[A-Za-z0-9_-]*$/, "letters, digits, - and _ only"),
    timeout_ms: z
      .string()
      .trim()
      .refine(
        (value) => value === "" || (/^\d+$/.test(value) && Number(value) > 0),
        "must be a whole number of milliseconds"
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
    enabled: z.boolean(),
  })
  .superRefine((form, ctx) => {
    if (form.mode === "live") {
      for (const key of ["base_url", "website_url", "backend_url"] as const) {
        const value = form[key]
        if (
          value.startsWith("http://") &&
          !/^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:|\/|$)/.test(value)
        )
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: "live mode needs an https URL",
          })
      }
    }
  })

export type AccountForm = z.infer<typeof AccountFormSchema>
export type FormErrors = Partial<Record<keyof AccountForm, string>>

export function emptyForm(): AccountForm {
  return {
    name: "",
    mode: "test",
    merchant_id: "",
    account_id: "",
    sign_key: "",
    base_url: "",
    currencies: "",
    website_url: "",
    backend_url: "",
    storefront_url: "",
    three_d_secure: "inherit",
    auto_capture: "inherit",
    providers: [],
    order_prefix: "",
    timeout_ms: "",
    advanced: "",
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
    auto_capture:
      account.auto_capture === null
        ? "inherit"
        : account.auto_capture
          ? "on"
          : "off",
    providers: account.providers,
    order_prefix: account.order_prefix ?? "",
    timeout_ms: account.timeout_ms ? String(account.timeout_ms) : "",
    advanced:
      account.advanced && Object.keys(account.advanced).length
        ? JSON.stringify(account.advanced, null, 2)
        : "",
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
    auto_capture:
      form.auto_capture === "inherit" ? null : form.auto_capture === "on",
    order_prefix: text(form.order_prefix),
    timeout_ms: text(form.timeout_ms) ? Number(form.timeout_ms) : null,
    advanced: form.advanced.trim()
      ? (JSON.parse(form.advanced) as Record<string, unknown>)
      : null,
    enabled: form.enabled,
    ...(form.sign_key ? { sign_key: form.sign_key } : {}),
  }
}

export function validate(form: AccountForm, needsSignKey: boolean): FormErrors {
  const errors: FormErrors = {}
  const parsed = AccountFormSchema.safeParse(form)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof AccountForm
      errors[key] ??= issue.message
    }
  }
  if (needsSignKey && !form.sign_key) errors.sign_key = "is required"
  return errors
}

/**
 * The field a server 400 names ("merchant_id: must not be empty",
 * "Invalid request: Field 'base_url' …"): the first form field named in it.
 */
export function fieldOfServerError(
  message: string
): keyof AccountForm | undefined {
  // the key that encrypts sign keys at rest is missing: shown beside the sign key
  if (/ACQUIRING_SETTINGS_KEY/.test(message)) return "sign_key"
  const keys = Object.keys(emptyForm()) as (keyof AccountForm)[]
  const named = keys
    .map((key) => ({ key, at: message.search(new RegExp(`\\b${key}\\b`)) }))
    .filter((hit) => hit.at >= 0)
    .sort((a, b) => a.at - b.at)
  return named[0]?.key
}
