/**
 * The read-only look-ups: retrievalTrans (order status) and retrievalRefund
 * (refund records). Sent form-urlencoded; selectors split at the count and
 * character limits; transport failures retried (nothing moves money here).
 */
import { GatewayRefusedError, InvalidInputError } from "../errors"
import type { BatchOperation } from "../limits"
import { queryResponseSchema, type QueryEntry } from "../schemas/query"
import {
  refundSearchResponseSchema,
  type RefundSearchEntry,
} from "../schemas/refund-search"
import type { MessageKind } from "../signing/recipes"
import { chunkJoined, runChunks } from "./batch"
import type { ClientContext } from "./context"

export type TransactionSelector =
  { order_nos: readonly string[] } | { transaction_ids: readonly string[] }

export type RefundSelector =
  | { order_nos: readonly string[] }
  | { refund_references: readonly string[] }
  | { merchant_refunds: readonly string[] }

const TRANSACTION_SELECTORS = {
  order_nos: "orders",
  transaction_ids: "trades",
} as const
const REFUND_SELECTORS = {
  order_nos: "refund_orders",
  refund_references: "refund_references",
  merchant_refunds: "merchant_refunds",
} as const

export async function retrieveTransactions(
  ctx: ClientContext,
  selector: TransactionSelector
): Promise<QueryEntry[]> {
  const { key, field, values } = pickSelector(selector, TRANSACTION_SELECTORS)
  return lookUp(ctx, {
    key,
    kind: "retrieval_trans",
    limit: "query",
    path: "/v1/retrievalTrans",
    wireField: field,
    values,
    read: (body, operation) =>
      ctx.answer(operation, queryResponseSchema, body).orders_list,
  })
}

export async function retrieveRefunds(
  ctx: ClientContext,
  selector: RefundSelector
): Promise<RefundSearchEntry[]> {
  const { key, field, values } = pickSelector(selector, REFUND_SELECTORS)
  return lookUp(ctx, {
    key,
    kind: "retrieval_refund",
    limit: "refund_search",
    path: "/v1/retrievalRefund",
    wireField: field,
    values,
    read: (body, operation) =>
      ctx.answer(operation, refundSearchResponseSchema, body).refund_orders,
  })
}

interface LookUp<E> {
  /** the caller's selector name, for errors */
  key: string
  kind: MessageKind
  limit: BatchOperation
  path: string
  wireField: string
  values: string[]
  read: (body: Record<string, unknown>, operation: string) => E[]
}

async function lookUp<E>(ctx: ClientContext, spec: LookUp<E>): Promise<E[]> {
  const operation = spec.kind
  const maxChars = ctx.options.selector_max_chars
  const values = spec.values.map((value, index) => {
    const trimmed = value.trim()
    const field = `${spec.key}[${index}]`
    if (trimmed === "") throw new InvalidInputError(field, "must not be empty")
    if (trimmed.includes(","))
      throw new InvalidInputError(
        field,
        "must not contain a comma (the selector is comma-separated)"
      )
    if (trimmed.length > maxChars)
      throw new InvalidInputError(
        field,
        `is longer than the ${maxChars}-character selector limit`
      )
    return trimmed
  })
  const chunks = chunkJoined(values, ctx.options.limits[spec.limit], maxChars)
  ctx.log(
    "debug",
    `${operation} ${spec.values.length} values in ${chunks.length} request(s)`
  )

  return runChunks(chunks, (part) =>
    ctx.withLookupRetries(operation, async () => {
      const { message, signature } = ctx.sign(spec.kind, {
        [spec.wireField]: part.join(","),
      })
      const body = await ctx.sendJson(operation, spec.path, message, "form")
      ctx.verifyEcho(spec.kind, body, signature)
      const status = body.return_status
      if (status !== undefined && status !== null && String(status) !== "1") {
        throw new GatewayRefusedError(
          operation,
          String(body.return_message ?? "") || `return_status ${String(status)}`
        )
      }
      return spec.read(body, operation)
    })
  )
}

function pickSelector<K extends string>(
  selector: unknown,
  names: Record<K, string>
): { key: K; field: string; values: string[] } {
  const keys = Object.keys(names) as K[]
  if (!selector || typeof selector !== "object") {
    throw new InvalidInputError(
      "selector",
      `must be an object with one of ${keys.join(", ")}`
    )
  }
  const record = selector as Record<string, unknown>
  const unknown = Object.keys(record).find((key) => !keys.includes(key as K))
  if (unknown !== undefined)
    throw new InvalidInputError(
      unknown,
      `is not a selector; use one of ${keys.join(", ")}`
    )
  const given = keys.filter((key) => record[key] !== undefined)
  if (given.length !== 1) {
    throw new InvalidInputError(
      given[1] ?? keys[0],
      `exactly one of ${keys.join(", ")} is required`
    )
  }
  const key = given[0]
  const values = record[key]
  if (!Array.isArray(values) || values.length === 0)
    throw new InvalidInputError(key, "must be a non-empty list")
  values.forEach((value, index) => {
    if (typeof value !== "string")
      throw new InvalidInputError(`${key}[${index}]`, "must be a string")
  })
  return { key, field: names[key], values: values as string[] }
}
