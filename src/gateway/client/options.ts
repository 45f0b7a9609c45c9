/**
 * Options of createAcquiringClient, checked once. Wire names stay snake_case,
 * as in the plugin options that feed them.
 */
import { InvalidInputError } from "../errors"
import {
  DEFAULT_SELECTOR_MAX_CHARS,
  resolveBatchLimits,
  resolveFieldLimits,
  type BatchLimitOverrides,
  type BatchLimits,
  type FieldLimitOverrides,
  type FieldLimits,
} from "../limits"
import {
  resolveRecipes,
  type RecipeOverrides,
  type Recipes,
} from "../signing/recipes"
import type { AcquiringLogger } from "./logger"

export interface AcquiringClientOptions {
  /** e.g. https://test-gateway.example.com (no trailing /v1) */
  base_url: string
  merchant_id: string
  account_id: string
  /** Case-sensitive; never logged, never part of an error. */
  sign_key: string
  /** Per request, default 30,000. */
  timeout_ms?: number
  /** Extra attempts of the read-only look-ups after a transport failure, default 2. */
  lookup_retries?: number
  /** Pause before a look-up retry, doubled each time; default 250. */
  lookup_retry_delay_ms?: number
  /** Signing recipe per message kind, replacing the default of that kind. */
  recipes?: RecipeOverrides
  /** Entries per request of the batch operations and look-ups. */
  limits?: BatchLimitOverrides
  /** Maximum characters per request field. */
  field_limits?: FieldLimitOverrides
  /** Maximum characters of a look-up selector, default 1,000. */
  selector_max_chars?: number
  /** Sends through this fetch instead of the built-in pooled HTTP client (proxies, tests). */
  fetch?: typeof fetch
  /** Every line passes through redact(). */
  logger?: AcquiringLogger
}

export interface ResolvedOptions {
  base_url: string
  merchant_id: string
  account_id: string
  sign_key: string
  timeout_ms: number
  lookup_retries: number
  lookup_retry_delay_ms: number
  recipes: Recipes
  limits: BatchLimits
  field_limits: FieldLimits
  selector_max_chars: number
  /** Unset: the transport's own pooled HTTP client. */
  fetch?: typeof fetch
  logger?: AcquiringLogger
}

export function resolveOptions(
  options: AcquiringClientOptions
): ResolvedOptions {
  if (!options || typeof options !== "object")
    throw new InvalidInputError("options", "must be an object")
  return {
    base_url: baseUrl(options.base_url),
    merchant_id: required(options.merchant_id, "merchant_id"),
    account_id: required(options.account_id, "account_id"),
    sign_key: required(options.sign_key, "sign_key"),
    timeout_ms: wholeNumber(options.timeout_ms, "timeout_ms", 30_000, 1),
    lookup_retries: wholeNumber(options.lookup_retries, "lookup_retries", 2, 0),
    lookup_retry_delay_ms: wholeNumber(
      options.lookup_retry_delay_ms,
      "lookup_retry_delay_ms",
      250,
      0
    ),
    recipes: wrap("recipes", () => resolveRecipes(options.recipes)),
    limits: wrap("limits", () => resolveBatchLimits(options.limits)),
    field_limits: wrap("field_limits", () =>
      resolveFieldLimits(options.field_limits)
    ),
    selector_max_chars: wholeNumber(
      options.selector_max_chars,
      "selector_max_chars",
      DEFAULT_SELECTOR_MAX_CHARS,
      1
    ),
    fetch: fetchFunction(options.fetch),
    logger: options.logger,
  }
}

function baseUrl(value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new InvalidInputError("base_url", "is required")
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new InvalidInputError(
      "base_url",
      "must be an absolute http or https URL"
    )
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new InvalidInputError("base_url", "must be an http or https URL")
  }
  if (url.search || url.hash)
    throw new InvalidInputError(
      "base_url",
      "must not carry a query or fragment"
    )
  return value.trim().replace(/\/+$/, "")
}

function required(value: unknown, field: string): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new InvalidInputError(
      field,
      "is required and must be a non-empty string"
    )
  }
  return value
}

function wholeNumber(
  value: unknown,
  field: string,
  fallback: number,
  min: number
): number {
  if (value === undefined || value === null) return fallback
  if (typeof value !== "number" || !Number.isInteger(value) || value < min) {
    throw new InvalidInputError(
      field,
      `must be a whole number of at least ${min}`
    )
  }
  return value
}

function fetchFunction(value: unknown): typeof fetch | undefined {
  if (value === undefined) return undefined
  if (typeof value !== "function")
    throw new InvalidInputError("fetch", "must be a function")
  return value as typeof fetch
}

function wrap<T>(field: string, resolve: () => T): T {
  try {
    return resolve()
  } catch (error) {
    if (error instanceof RangeError)
      throw new InvalidInputError(field, error.message)
    throw error
  }
}
