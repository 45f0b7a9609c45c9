/**
 * One HTTP POST to the service. Failures become typed errors: the service's
 * own refusals (HTTP 400 with {code, source, message}, 404) are
 * GatewayRefusedError; anything else is a TransportError saying whether the
 * request may have reached the service.
 *
 * Requests go out through undici's `request` on its keep-alive pool: a
 * third of the CPU of `fetch`, whose web-standard Request, body stream and
 * signal cloning cost more than everything else the client does. A `fetch`
 * passed in the options is used instead (proxies, tests).
 */
import { request as undiciRequest } from "undici"
import { encodeForm } from "../codecs/form"
import { GatewayRefusedError, TransportError } from "../errors"
import { scrubText } from "../redact"
import type { LogFn } from "./logger"

export type BodyEncoding = "json" | "form"

export interface TransportConfig {
  base_url: string
  timeout_ms: number
  /** Unset: undici's pooled `request`. */
  fetch?: typeof fetch
  log: LogFn
}

export interface TransportRequest {
  /** Operation name used in errors and logs, e.g. "capture". */
  operation: string
  /** Path under base_url, e.g. "/v1/capture". */
  path: string
  body: Record<string, unknown>
  encoding: BodyEncoding
}

export interface TransportResponse {
  status: number
  content_type: string
  text: string
}

/** Failures that happen before the request is written: the service cannot have seen it. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
  "ERR_TLS_CERT_ALTNAME_INVALID",
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "SELF_SIGNED_CERT_IN_CHAIN",
])

export function joinUrl(base_url: string, path: string): string {
  return `${base_url.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`
}

const HEADERS: Readonly<Record<BodyEncoding, Record<string, string>>> = {
  json: {
    "content-type": "application/json",
    accept: "application/json, application/xml, text/html, */*",
  },
  form: {
    "content-type": "application/x-www-form-urlencoded",
    accept: "application/json, */*",
  },
}

/** `url` is base_url and path already joined, when the caller keeps them joined. */
export async function post(
  config: TransportConfig,
  request: TransportRequest,
  url = joinUrl(config.base_url, request.path)
): Promise<TransportResponse> {
  const { operation } = request
  const headers = HEADERS[request.encoding]
  const body =
    request.encoding === "json"
      ? JSON.stringify(request.body)
      : encodeForm(request.body as Record<string, never>)

  config.log("debug", `${operation} POST ${request.path}`, request.body)
  const started = Date.now()
  let answer: TransportResponse
  // One signal for the whole exchange, body included. A plain controller and
  // a timer cleared at the end: AbortSignal.timeout costs a transferable
  // signal and a weak reference per call, and its timer outlives the answer.
  const abort = new AbortController()
  const timer = setTimeout(() => abort.abort(), config.timeout_ms)
  timer.unref?.()
  try {
    answer = config.fetch
      ? await fetchExchange(config.fetch, url, headers, body, abort.signal)
      : await pooledExchange(url, headers, body, abort.signal)
  } catch (error) {
    const failure = transportFailure(operation, error, config.timeout_ms)
    config.log(
      "warn",
      `${operation} failed after ${Date.now() - started} ms: ${failure.message}`
    )
    throw failure
  } finally {
    clearTimeout(timer)
  }
  const { status, text } = answer
  config.log(
    "debug",
    `${operation} answered HTTP ${status} in ${Date.now() - started} ms`
  )

  if (status >= 200 && status < 300) return answer
  throw httpFailure(operation, status, text, config.log)
}

/** Redirects are not followed by either: a 3xx is an unexpected status. */
async function pooledExchange(
  url: string,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal
): Promise<TransportResponse> {
  const response = await undiciRequest(url, {
    method: "POST",
    headers,
    body,
    signal,
  })
  const text = await response.body.text()
  const type = response.headers["content-type"]
  return {
    status: response.statusCode,
    content_type: (Array.isArray(type) ? type[0] : type) ?? "",
    text,
  }
}

async function fetchExchange(
  fetchFn: typeof fetch,
  url: string,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal
): Promise<TransportResponse> {
  const response = await fetchFn(url, {
    method: "POST",
    headers,
    body,
    signal,
    redirect: "manual",
  })
  return {
    status: response.status,
    content_type: response.headers.get("content-type") ?? "",
    text: await response.text(),
  }
}

function transportFailure(
  operation: string,
  error: unknown,
  timeout_ms: number
): TransportError {
  const name = (error as { name?: string } | null)?.name
  if (name === "TimeoutError" || name === "AbortError") {
    return new TransportError(operation, `no answer within ${timeout_ms} ms`, {
      timed_out: true,
      may_have_reached_gateway: true,
      cause: error,
    })
  }
  const code = errorCode(error)
  if (code && NOT_SENT_CODES.has(code)) {
    return new TransportError(operation, `could not connect (${code})`, {
      timed_out: code === "UND_ERR_CONNECT_TIMEOUT",
      may_have_reached_gateway: false,
      cause: error,
    })
  }
  return new TransportError(
    operation,
    `connection failed${code ? ` (${code})` : ""}`,
    {
      timed_out: false,
      may_have_reached_gateway: true,
      cause: error,
    }
  )
}

/** fetch wraps the socket error: look through `cause` (and aggregate errors) for its code. */
function errorCode(error: unknown, depth = 0): string | undefined {
  if (!error || typeof error !== "object" || depth > 4) return undefined
  const record = error as { code?: unknown; cause?: unknown; errors?: unknown }
  if (typeof record.code === "string") return record.code
  if (Array.isArray(record.errors)) {
    for (const inner of record.errors) {
      const code = errorCode(inner, depth + 1)
      if (code) return code
    }
  }
  return errorCode(record.cause, depth + 1)
}

function httpFailure(
  operation: string,
  status: number,
  text: string,
  log: LogFn
): Error {
  const body = jsonObject(text)
  if (status === 400) {
    const code = stringField(body, "code") || "400"
    // some answers repeat the code in the message ("I0061:Duplicate …")
    const message =
      stripCode(stringField(body, "message"), code) || "invalid input"
    const source = stringField(body, "source")
    log("warn", `${operation} refused with HTTP 400`, body ?? undefined)
    return new GatewayRefusedError(
      operation,
      code,
      scrubText(source ? `${message} (${source})` : message)
    )
  }
  if (status === 404) {
    const message = stringField(body, "message") || "record not found"
    log("warn", `${operation} refused with HTTP 404`)
    return new GatewayRefusedError(operation, "404", scrubText(message))
  }
  log("warn", `${operation} answered HTTP ${status}`)
  return new TransportError(operation, `unexpected HTTP status ${status}`, {
    timed_out: false,
    may_have_reached_gateway: true,
    status,
  })
}

function stripCode(message: string, code: string): string {
  return message.startsWith(`${code}:`)
    ? message.slice(code.length + 1).trim()
    : message
}

function jsonObject(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text)
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

function stringField(
  body: Record<string, unknown> | null,
  name: string
): string {
  const value = body?.[name]
  return typeof value === "string" || typeof value === "number"
    ? String(value).trim()
    : ""
}

/** Parses a JSON response body or fails as a transport problem (the answer is unusable). */
export function parseJsonResponse(
  operation: string,
  response: TransportResponse
): Record<string, unknown> {
  const body = jsonObject(response.text)
  if (!body) {
    throw new TransportError(operation, "the answer is not a JSON object", {
      timed_out: false,
      may_have_reached_gateway: true,
      status: response.status,
    })
  }
  return body
}
