/**
 * What every operation of one client shares: resolved options, the schemas
 * built with its field limits, signing with its recipes, the transport and
 * the redacting log. The sign_key stays inside this closure.
 */
import type { z } from "zod"
import {
  InvalidInputError,
  SignatureMismatchError,
  TransportError,
  UnexpectedResponseError,
} from "../errors"
import { createCancelSchemas } from "../schemas/cancel"
import { createCaptureSchemas } from "../schemas/capture"
import { createOptimizeSchemas } from "../schemas/optimize"
import { createPaymentOrderSchemas } from "../schemas/payment-order"
import { createPayoutSchemas } from "../schemas/payout"
import { createRefundSchemas } from "../schemas/refund"
import { createReviewSchemas } from "../schemas/review"
import { validate } from "../schemas/common"
import { compileRecipes, type MessageKind } from "../signing/recipes"
import {
  computeSignature,
  verifyEcho,
  verifyPicked,
} from "../signing/signature"
import { createLog, type LogFn } from "./logger"
import type { ResolvedOptions } from "./options"
import {
  joinUrl,
  parseJsonResponse,
  post,
  type BodyEncoding,
  type TransportConfig,
  type TransportResponse,
} from "./transport"

export function buildSchemas(options: ResolvedOptions) {
  const limits = options.field_limits
  return {
    order: createPaymentOrderSchemas(limits),
    capture: createCaptureSchemas(limits),
    cancel: createCancelSchemas(limits),
    review: createReviewSchemas(limits),
    refund: createRefundSchemas(limits),
    payout: createPayoutSchemas(limits),
    optimise: createOptimizeSchemas(limits),
  }
}

export type ClientSchemas = ReturnType<typeof buildSchemas>

export interface SignedRequest {
  message: Record<string, unknown>
  signature: string
}

export interface ClientContext {
  readonly options: Omit<ResolvedOptions, "sign_key">
  readonly schemas: ClientSchemas
  readonly log: LogFn
  /** Adds merchant_id and account_id (refusing others) and encryption_data. */
  sign(kind: MessageKind, fields: Record<string, unknown>): SignedRequest
  /** Throws SignatureMismatchError unless the message carries a valid signature of this kind. */
  verify(kind: MessageKind, message: unknown): void
  verifyEcho(
    kind: MessageKind,
    response: unknown,
    requestSignature: string
  ): void
  send(
    operation: string,
    path: string,
    body: Record<string, unknown>,
    encoding: BodyEncoding
  ): Promise<TransportResponse>
  sendJson(
    operation: string,
    path: string,
    body: Record<string, unknown>,
    encoding: BodyEncoding
  ): Promise<Record<string, unknown>>
  /** Validates caller input: InvalidInputError naming the field. */
  input<S extends z.ZodType>(
    schema: S,
    value: unknown,
    prefix?: string
  ): z.infer<S>
  /** Validates an answer of the service: UnexpectedResponseError on failure. */
  answer<S extends z.ZodType>(
    operation: string,
    schema: S,
    value: unknown
  ): z.infer<S>
  /** Runs a read-only request, retrying transport failures up to lookup_retries times. */
  withLookupRetries<T>(operation: string, run: () => Promise<T>): Promise<T>
}

export function createContext(resolved: ResolvedOptions): ClientContext {
  const { sign_key, ...options } = resolved
  const log = createLog(resolved.logger)
  const transport: TransportConfig = {
    base_url: resolved.base_url,
    timeout_ms: resolved.timeout_ms,
    fetch: resolved.fetch,
    log,
  }
  // once per client rather than per call: recipe paths split, URLs joined
  const pick = compileRecipes(resolved.recipes)
  const urls = new Map<string, string>()
  const urlOf = (path: string) => {
    let url = urls.get(path)
    if (url === undefined) {
      url = joinUrl(resolved.base_url, path)
      urls.set(path, url)
    }
    return url
  }

  const context: ClientContext = {
    options,
    schemas: buildSchemas(resolved),
    log,

    sign(kind, fields) {
      for (const field of ["merchant_id", "account_id"] as const) {
        const given = fields[field]
        if (given !== undefined && given !== options[field]) {
          throw new InvalidInputError(
            field,
            `differs from the client's configured ${field}`
          )
        }
      }
      const unsigned: Record<string, unknown> = {
        ...fields,
        merchant_id: options.merchant_id,
        account_id: options.account_id,
      }
      delete unsigned.encryption_data
      const signature = computeSignature(pick[kind](unsigned), sign_key)
      return { message: { ...unsigned, encryption_data: signature }, signature }
    },

    verify(kind, message) {
      if (!verifyPicked(pick[kind], message, sign_key))
        throw new SignatureMismatchError(kind)
    },

    verifyEcho(kind, response, requestSignature) {
      verifyEcho(kind, response, requestSignature)
    },

    send(operation, path, body, encoding) {
      return post(transport, { operation, path, body, encoding }, urlOf(path))
    },

    async sendJson(operation, path, body, encoding) {
      return parseJsonResponse(
        operation,
        await post(transport, { operation, path, body, encoding }, urlOf(path))
      )
    },

    input(schema, value, prefix) {
      return validate(schema, value, prefix)
    },

    answer(operation, schema, value) {
      const parsed = schema.safeParse(value)
      if (parsed.success) return parsed.data
      const issue = parsed.error.issues[0]
      const path = issue?.path.map(String).join(".") || "body"
      throw new UnexpectedResponseError(
        operation,
        `${path}: ${issue?.message ?? "invalid"}`
      )
    },

    async withLookupRetries(operation, run) {
      for (let attempt = 0; ; attempt++) {
        try {
          return await run()
        } catch (error) {
          if (
            !(error instanceof TransportError) ||
            attempt >= options.lookup_retries
          )
            throw error
          const delay = options.lookup_retry_delay_ms * 2 ** attempt
          log(
            "warn",
            `${operation} retry ${attempt + 1} of ${options.lookup_retries} in ${delay} ms`
          )
          await new Promise((resolve) => setTimeout(resolve, delay))
        }
      }
    },
  }
  return context
}
