/**
 * Keeps a card number a client puts in a URL out of the logs of the
 * plugin's routes.
 *
 * Medusa's access log (morgan, framework/http/express-loader) writes each
 * request when its answer has been sent, reading `req.originalUrl`, the
 * Referer, the User-Agent and `req.requestId` (the X-Request-Id header)
 * at that moment; Medusa's error handler logs an error's message (which
 * often names the id in the path) with the logger of `req.scope`. This
 * middleware runs first on the plugin's routes, before the routes' own
 * middlewares and handlers, and changes only what those logs read:
 *
 * - `req.originalUrl` becomes the path with card-like digit runs masked
 *   (first 6 / last 4, as the gateway's `redact`), percent-escapes and
 *   separators seen through, and only the query parameters worth logging,
 *   their values masked the same way; every other parameter is left out,
 *   name and value. Routing reads `req.url` and handlers `req.params` and
 *   `req.query`, which stay as they came.
 * - the Referer keeps its origin and masked path, the User-Agent and the
 *   request id are masked.
 * - `req.scope` gets a logger that masks card-like runs in every line
 *   written while the request is answered (Medusa's error handler, the
 *   workflows the route runs).
 *
 * What Medusa does before any plugin code runs is out of its reach: a
 * request Medusa refuses first (no publishable key on /store, failed admin
 * authentication, an unreadable body) is logged as it came, and at
 * LOG_LEVEL=debug Medusa's router logs /store and /admin paths before
 * routing (docs/security.md).
 */
import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { asValue } from "@medusajs/framework/awilix"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { redact, scrubText } from "../gateway/redact"
import { AdminRefundSearchQuery } from "../refunds/refund-validators"
import { ListPayoutsQuery } from "../admin-contract/payout-requests"

/** Where the middleware is mounted (prefixes, as Express's `app.use` matches them). */
export const LOG_SAFE_MATCHERS = [
  "/acquiring",
  "/store/acquiring",
  "/admin/acquiring",
  "/hooks/payment/:provider",
  // Medusa's routes a checkout with the plugin calls (checkout/checkout-route-guard.ts)
  "/store/payment-collections",
  "/store/carts/:id/complete",
] as const

/** The webhook path segment of the plugin's providers: `{identifier}_{id}`. */
const OWN_WEBHOOK = /^\/hooks\/payment\/acquiring-(?:card|hosted)_/

/**
 * Query parameters kept in the logged URL, by path. The browser return
 * reads every signed field of the acquirer's result; the log keeps those
 * that say what happened (the masked card, the signature, risk details and
 * free text stay out). The admin lists keep their filters.
 */
const LOGGED_QUERY: [path: RegExp, names: ReadonlySet<string>][] = [
  [
    /^\/acquiring\/(?:return|cancel)\/[^/]*\/?$/,
    new Set([
      "order_no",
      "transaction_id",
      "order_status",
      "result_info",
      "threeds_result",
    ]),
  ],
  [
    /^\/admin\/acquiring\/refunds\/?$/,
    new Set(Object.keys(AdminRefundSearchQuery.shape)),
  ],
  [
    /^\/admin\/acquiring\/payouts\/?$/,
    new Set(Object.keys(ListPayoutsQuery.shape)),
  ],
]

const NONE: ReadonlySet<string> = new Set()

function loggedQueryNames(path: string): ReadonlySet<string> {
  return LOGGED_QUERY.find(([pattern]) => pattern.test(path))?.[1] ?? NONE
}

/** Percent-escapes decoded; a malformed one is decoded byte by byte instead of failing. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) =>
      String.fromCharCode(parseInt(hex, 16))
    )
  }
}

/** One path segment as written, or masked (and re-escaped) when it holds a card-like run. */
function loggedSegment(segment: string): string {
  if (!segment) return segment
  // a `+` is a space in a query string; read it as a separator here too
  const text = decoded(segment).replace(/\+/g, " ")
  const scrubbed = scrubText(text)
  return scrubbed === text ? segment : encodeURIComponent(scrubbed)
}

function loggedPath(path: string): string {
  return path.split("/").map(loggedSegment).join("/")
}

/** The path a log may show: card-like runs masked, query parameters kept only where worth logging, values masked. */
export function logSafeUrl(url: string): string {
  const mark = url.indexOf("?")
  const path = loggedPath(mark < 0 ? url : url.slice(0, mark))
  if (mark < 0) return path
  const keep = loggedQueryNames(path)
  if (!keep.size) return path
  const kept: string[] = []
  for (const [name, value] of new URLSearchParams(url.slice(mark + 1))) {
    if (!keep.has(name.split("[")[0]!)) continue
    kept.push(
      `${encodeURIComponent(name)}=${encodeURIComponent(scrubText(value))}`
    )
  }
  return kept.length ? `${path}?${kept.join("&")}` : path
}

/** A Referer as a log may show it: origin and masked path, no query or fragment. */
export function logSafeReferrer(value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return scrubText(decoded(value))
  }
  return url.origin === "null"
    ? `${url.protocol}`
    : `${url.origin}${loggedPath(url.pathname)}`
}

/** A copy of an error whose message, stack and fields have card-like runs masked. */
function scrubbedError(error: Error): Error {
  const copy = new Error(scrubText(error.message))
  Object.assign(copy, redact(error) as object)
  copy.name = error.name
  copy.stack = error.stack === undefined ? undefined : scrubText(error.stack)
  const { cause } = error as { cause?: unknown }
  if (cause !== undefined) (copy as { cause?: unknown }).cause = redact(cause)
  return copy
}

function scrubbedArgument(value: unknown): unknown {
  if (typeof value === "string") return scrubText(value)
  if (value instanceof Error) return scrubbedError(value)
  if (value !== null && typeof value === "object") return redact(value)
  return value
}

/** Logger methods that write a line; everything else (shouldLog, setLogLevel, …) passes through. */
const WRITING = new Set([
  "log",
  "panic",
  "error",
  "warn",
  "info",
  "http",
  "verbose",
  "debug",
  "silly",
  "activity",
  "progress",
  "success",
  "failure",
])

const wrapped = new WeakMap<object, object>()

/** Medusa's logger with card-like runs masked in everything written through it. */
export function logSafeLogger<T extends object>(logger: T): T {
  const known = wrapped.get(logger)
  if (known) return known as T
  const safe = new Proxy(logger, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown
      if (typeof value !== "function") return value
      if (typeof property !== "string" || !WRITING.has(property))
        return (value as (...args: unknown[]) => unknown).bind(target)
      return (...args: unknown[]) =>
        (value as (...args: unknown[]) => unknown).apply(
          target,
          args.map(scrubbedArgument)
        )
    },
  })
  wrapped.set(logger, safe)
  return safe
}

type LoggedRequest = MedusaRequest & { requestId?: unknown }

export function logSafeRequest(
  req: MedusaRequest,
  _res: MedusaResponse,
  next: MedusaNextFunction
): void {
  const request = req as LoggedRequest
  const original = req.originalUrl ?? req.url
  const path = original.split("?")[0]!
  if (path.startsWith("/hooks/") && !OWN_WEBHOOK.test(path)) return next()
  try {
    req.originalUrl = logSafeUrl(original)
  } catch {
    req.originalUrl = "/[url not logged]"
  }
  const referrer = req.headers.referer ?? req.headers.referrer
  if (typeof referrer === "string") {
    const safe = logSafeReferrer(referrer)
    if (req.headers.referer !== undefined) req.headers.referer = safe
    if (req.headers.referrer !== undefined) req.headers.referrer = safe
  }
  const agent = req.headers["user-agent"]
  if (typeof agent === "string") req.headers["user-agent"] = scrubText(agent)
  if (typeof request.requestId === "string")
    request.requestId = scrubText(request.requestId)
  const scope = req.scope
  if (scope) {
    const logger = scope.resolve<object>(ContainerRegistrationKeys.LOGGER)
    scope.register(
      ContainerRegistrationKeys.LOGGER,
      asValue(logSafeLogger(logger))
    )
  }
  next()
}
