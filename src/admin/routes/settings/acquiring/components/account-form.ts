/**
 * The account form: its values as typed, the request body they make, and
 * its checks. A typed value is judged by the very schema the server runs on
 * the body (admin-contract/account-requests.ts), every refused field at once;
 * the form itself adds only what the text must be to become a body (a JSON
 * object, a whole number) and which fields nothing else supplies. The
 * server stays the judge: its 400s are shown beside the fields they name.
 */
import { CreateAccountSchema } from "../../../../../admin-contract/account-requests"
import {
  liveModeUrlIssues,
  type CaptureMoment,
} from "../../../../../admin-contract/option-fields"
import { fieldErrorsOf } from "../../../../lib/field-errors"
import type { Account, Mode, ThreeDSecure } from "../../../../lib/settings-api"
import {
  availabilityOf,
  draftsOf,
  ruleReason,
  type RuleDraft,
} from "./availability-form"
import {
  mergeMethodPreferences,
  methodCodeProblems,
  methodFieldOf,
  splitMethodPreferences,
} from "./method-preferences-form"
import {
  authenticationRefusal,
  mergeAuthentication,
  splitAuthentication,
  type SecureRuleDraft,
} from "./authentication-form"
import {
  mergeRetention,
  retentionFieldOf,
  retentionProblems,
  splitRetention,
} from "./retention-form"
import {
  mergeThreshold,
  splitThreshold,
  thresholdFieldOf,
} from "./chargeback-threshold-form"

export const REQUIRED = "is required"

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

/** Every value as the form holds it; "inherit": medusa-config's value (or the default). */
export interface AccountForm {
  name: string
  mode: Mode
  merchant_id: string
  account_id: string
  sign_key: string
  base_url: string
  /** ISO 4217 codes separated by commas or spaces */
  currencies: string
  website_url: string
  backend_url: string
  storefront_url: string
  three_d_secure: "inherit" | ThreeDSecure
  capture_on: "inherit" | CaptureMoment
  providers: string[]
  /** sales channel ids; none: every channel */
  sales_channels: string[]
  /** region ids; none: every region */
  regions: string[]
  order_prefix: string
  timeout_ms: string
  /** JSON object text */
  advanced: string
  /** payment method codes the checkout never offers, separated by commas */
  hidden_methods: string
  /** payment method codes the checkout shows first, in this order */
  method_order: string
  /** days the shopper's data is kept (advanced.retention) */
  shopper_data_days: string
  /** days the payment history is kept (advanced.retention) */
  history_days: string
  /** percent, as text (advanced.chargeback_threshold_percent); blank: medusa-config's, else 0.9 */
  chargeback_threshold: string
  availability: RuleDraft[]
  /** advanced.three_d_secure_rules; none: medusa-config's rules */
  three_d_secure_rules: SecureRuleDraft[]
  /** advanced.statement_descriptor; blank: medusa-config's, else the acquirer's own */
  descriptor_text: string
  descriptor_append: boolean
  enabled: boolean
}

export type FormErrors = Partial<Record<keyof AccountForm, string>>

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
    sales_channels: [],
    regions: [],
    order_prefix: "",
    timeout_ms: "",
    advanced: "",
    hidden_methods: "",
    method_order: "",
    shopper_data_days: "",
    history_days: "",
    chargeback_threshold: "",
    availability: [],
    three_d_secure_rules: [],
    descriptor_text: "",
    descriptor_append: false,
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
    sales_channels: account.sales_channels,
    regions: account.regions,
    order_prefix: account.order_prefix ?? "",
    timeout_ms: account.timeout_ms ? String(account.timeout_ms) : "",
    ...methodsAndAdvanced(account.advanced),
    availability: draftsOf(account.availability),
    enabled: account.enabled,
  }
}

/** The advanced overrides as text, the method preferences and retention periods as their own fields. */
function methodsAndAdvanced(stored: Account["advanced"]) {
  const { advanced: rest, ...methods } = splitMethodPreferences(
    stored as Record<string, unknown> | null
  )
  const { advanced: others, ...periods } = splitRetention(rest)
  const { advanced: remaining, ...authentication } = splitAuthentication(others)
  const { advanced, chargeback_threshold } = splitThreshold(remaining)
  return {
    ...methods,
    ...periods,
    ...authentication,
    chargeback_threshold,
    advanced:
      advanced && Object.keys(advanced).length
        ? JSON.stringify(advanced, null, 2)
        : "",
  }
}

const WHOLE_NUMBER = /^\d+$/

/** The advanced overrides as typed: null when blank, undefined when not a JSON object. */
function advancedOf(text: string): Record<string, unknown> | null | undefined {
  if (!text.trim()) return null
  try {
    const parsed: unknown = JSON.parse(text)
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
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
    sales_channels: form.sales_channels,
    regions: form.regions,
    website_url: text(form.website_url),
    backend_url: text(form.backend_url),
    storefront_url: text(form.storefront_url),
    three_d_secure:
      form.three_d_secure === "inherit" ? null : form.three_d_secure,
    capture_on: form.capture_on === "inherit" ? null : form.capture_on,
    order_prefix: text(form.order_prefix),
    timeout_ms: text(form.timeout_ms) ? Number(form.timeout_ms) : null,
    advanced: mergeThreshold(
      mergeAuthentication(
        mergeRetention(
          mergeMethodPreferences(advancedOf(form.advanced), form),
          form
        ),
        form
      ),
      form.chargeback_threshold
    ),
    availability: availabilityOf(form.availability),
    enabled: form.enabled,
    ...(form.sign_key ? { sign_key: form.sign_key } : {}),
  }
}

export type AccountBody = ReturnType<typeof bodyOf>

/** One text per meaning: object keys in order, so a value read back the same is no change. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map(
        (key) =>
          `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`
      )
      .join(",")}}`
  return JSON.stringify(value ?? null)
}

/**
 * The body of a saved account's edit: only the fields the merchant changed
 * since the form opened (`saved`, the form of the account as it was), and
 * the sign key only when one was typed. A field left as it was is not sent,
 * so the account never takes a value it did not ask for; the advanced
 * overrides (with the method and retention fields in them) go as one value,
 * as they are stored.
 */
export function changedBodyOf(
  form: AccountForm,
  saved: AccountForm
): Partial<AccountBody> {
  const now = bodyOf(form)
  const before = bodyOf({ ...saved, sign_key: "" })
  const changed: Partial<AccountBody> = {}
  for (const key of Object.keys(now) as (keyof AccountBody)[])
    if (key === "sign_key" || canonical(now[key]) !== canonical(before[key]))
      Object.assign(changed, { [key]: now[key] })
  return changed
}

const FORM_FIELDS = Object.keys(emptyForm()) as (keyof AccountForm)[]

function isFormField(key: PropertyKey): key is keyof AccountForm {
  return (FORM_FIELDS as PropertyKey[]).includes(key)
}

/** What the text must be before it can be a body, and what nothing else supplies. */
function formProblems(
  form: AccountForm,
  required: ReadonlySet<FallbackField>
): FormErrors {
  const errors: FormErrors = {
    ...retentionProblems(form),
    ...methodCodeProblems(form),
  }
  for (const field of [...ALWAYS_REQUIRED, ...required])
    if (!form[field].trim()) errors[field] = REQUIRED
  const timeout = form.timeout_ms.trim()
  if (timeout && !WHOLE_NUMBER.test(timeout))
    errors.timeout_ms = "must be a whole number of milliseconds"
  if (advancedOf(form.advanced) === undefined)
    errors.advanced = "must be a JSON object"
  return errors
}

/** A refusal of the body's schema as the form names it. */
function formMessage(path: PropertyKey[], message: string, form: AccountForm) {
  const [field, ...below] = path
  if (field === "availability" && below[0] === "rules") {
    const [, index, key, entry] = below
    if (typeof index !== "number") return ruleReason(`rules: ${message}`)
    const part = typeof key === "string" ? `.${key}` : ""
    const item = typeof entry === "number" ? `[${entry}]` : ""
    return ruleReason(`rules[${index}]${part}${item}: ${message}`)
  }
  if (field === "currencies" && typeof below[0] === "number") {
    const typed = bodyOf(form).currencies[below[0]]
    return `"${typed}" ${message}`
  }
  // as the server's messages are read back (field-errors.ts): [0] is "entry 1"
  const where = below
    .map((part) =>
      typeof part === "number" ? `entry ${part + 1}` : String(part)
    )
    .join(".")
  return where ? `${where}: ${message}` : message
}

/** Every refused field at once, one message each (the first). */
export function validate(
  form: AccountForm,
  required: ReadonlySet<FallbackField>
): FormErrors {
  const errors = formProblems(form, required)
  const body = bodyOf(form)
  const issues = [
    ...(CreateAccountSchema.safeParse(body).error?.issues ?? []),
    ...(form.mode === "live" ? liveModeUrlIssues(body) : []),
  ]
  for (const issue of issues) {
    const own =
      methodFieldOf(issue.path) ??
      retentionFieldOf(issue.path) ??
      thresholdFieldOf(issue.path)
    if (own) {
      errors[own] ??= issue.message
      continue
    }
    const authentication = authenticationRefusal(issue.path, issue.message)
    if (authentication) {
      errors[authentication.field] ??= authentication.message
      continue
    }
    const key = issue.path[0]
    if (key !== undefined && isFormField(key))
      errors[key] ??= formMessage(issue.path, issue.message, form)
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
