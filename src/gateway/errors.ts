/**
 * Typed errors of the gateway client. Messages never carry card data, the
 * sign_key or an expected signature: they may end up in logs and responses.
 */
import { maskCardNumbersInText } from "./redact"

export class AcquiringError extends Error {
  /** Underlying failure (ES2022 `cause`, set by hand because the build targets ES2021). */
  readonly cause?: unknown
  /**
   * Set when a batch was split into several requests and a later one failed:
   * the results of the requests that already went through.
   */
  completed_entries?: unknown[]

  constructor(message: string, options?: { cause?: unknown }) {
    super(message)
    this.name = new.target.name
    if (options?.cause !== undefined) this.cause = options.cause
  }
}

/** The service answered and said no (message-level status, HTTP 400/404, `<code>:<text>`). */
export class GatewayRefusedError extends AcquiringError {
  readonly operation: string
  readonly code: string
  readonly text: string

  constructor(operation: string, code: string, text?: string)
  constructor(operation: string, resultInfo: string)
  constructor(operation: string, codeOrResultInfo: string, text?: string) {
    let code = codeOrResultInfo
    let body = text
    if (text === undefined) {
      // "<code>:<text>" form, as in return_message / result_info
      const colon = codeOrResultInfo.indexOf(":")
      code =
        colon === -1
          ? codeOrResultInfo.trim()
          : codeOrResultInfo.slice(0, colon).trim()
      body = colon === -1 ? "" : codeOrResultInfo.slice(colon + 1).trim()
    }
    // the acquirer's text is shown and stored: card numbers in it are masked, whatever answer it came in
    body = body === undefined ? undefined : maskCardNumbersInText(body)
    code = maskCardNumbersInText(code)
    super(
      `${operation} refused by the gateway: ${code}${body ? `: ${body}` : ""}`
    )
    this.operation = operation
    this.code = code
    this.text = body ?? ""
  }
}

/** A response or notification whose signature does not match: never trust its content. */
export class SignatureMismatchError extends AcquiringError {
  readonly message_kind: string

  constructor(message_kind: string) {
    super(`signature of the ${message_kind} message does not match`)
    this.message_kind = message_kind
  }
}

/**
 * A verified (or unsigned transport-level) answer that still cannot be used:
 * malformed, missing required fields, or about another order than the one
 * asked for. Treat the outcome as unknown and reconcile with a look-up.
 */
export class UnexpectedResponseError extends AcquiringError {
  readonly operation: string
  readonly reason: string

  constructor(
    operation: string,
    reason: string,
    options?: { cause?: unknown }
  ) {
    super(`${operation} answer unusable: ${reason}`, options)
    this.operation = operation
    this.reason = reason
  }
}

export interface TransportErrorDetails {
  timed_out: boolean
  /** true when the request may have been processed: a money-moving call must be reconciled, not repeated. */
  may_have_reached_gateway: boolean
  status?: number
  cause?: unknown
}

export class TransportError extends AcquiringError {
  readonly operation: string
  readonly timed_out: boolean
  readonly may_have_reached_gateway: boolean
  readonly status?: number

  constructor(
    operation: string,
    reason: string,
    details: TransportErrorDetails
  ) {
    super(`${operation} transport failure: ${reason}`, { cause: details.cause })
    this.operation = operation
    this.timed_out = details.timed_out
    this.may_have_reached_gateway = details.may_have_reached_gateway
    if (details.status !== undefined) this.status = details.status
  }
}

export interface InputIssue {
  path: string
  message: string
}

/** Bad input from the caller, naming the field and the reason. */
export class InvalidInputError extends AcquiringError {
  readonly field: string
  readonly reason: string
  readonly issues: InputIssue[]

  constructor(field: string, reason: string, issues?: InputIssue[]) {
    super(`invalid ${field}: ${reason}`)
    this.field = field
    this.reason = reason
    this.issues = issues ?? [{ path: field, message: reason }]
  }
}

/** Minimal structural view of a zod error, so this file does not depend on zod's classes. */
export interface ZodLikeError {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>
}

export function issuePath(path: ReadonlyArray<PropertyKey>): string {
  let out = ""
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`
    else out += out ? `.${String(part)}` : String(part)
  }
  return out
}

/** Turns a zod validation failure into an InvalidInputError naming the first failing path. */
export function invalidInputFromZod(
  error: ZodLikeError,
  prefix?: string
): InvalidInputError {
  const issues = error.issues.map((issue) => {
    const path = issuePath(issue.path)
    return { path: joinPath(prefix, path), message: issue.message }
  })
  const first = issues[0] ?? { path: prefix ?? "input", message: "invalid" }
  return new InvalidInputError(first.path || "input", first.message, issues)
}

function joinPath(prefix: string | undefined, path: string): string {
  if (!prefix) return path
  if (!path) return prefix
  return path.startsWith("[") ? `${prefix}${path}` : `${prefix}.${path}`
}

/**
 * True when a money-moving request may have taken effect although its answer
 * cannot be used: sent but lost (time-out, reset, 5xx), unreadable, or
 * unverifiable. Only a refusal, a rejected input, or a transport failure
 * known to have happened before the request left prove nothing happened;
 * anything else is settled with a look-up, never repeated blindly.
 */
export function isOutcomeUnknown(error: unknown): boolean {
  if (error instanceof GatewayRefusedError) return false
  if (error instanceof InvalidInputError) return false
  if (error instanceof TransportError) return error.may_have_reached_gateway
  return true
}
