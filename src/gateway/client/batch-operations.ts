/**
 * Capture, cancel, review and refund: lists of entries, each naming a
 * transaction. Split within the per-request limit; each request signed on
 * its own; the answer must echo the request's signature; a message-level
 * refusal throws, an entry's refusal stays in that entry.
 */
import type { z } from "zod"
import { GatewayRefusedError, InvalidInputError } from "../errors"
import type { BatchOperation } from "../limits"
import { compareAmounts, parseAmount } from "../money/amount"
import { parseResultInfo, type ResultInfo } from "../result-info"
import {
  cancelResponseSchema,
  type CancelEntry,
  type CancelEntryResult,
} from "../schemas/cancel"
import {
  captureResponseSchema,
  type CaptureEntry,
  type CaptureEntryResult,
} from "../schemas/capture"
import {
  refundResponseSchema,
  type RefundEntry,
  type RefundEntryResult,
} from "../schemas/refund"
import {
  reviewResponseSchema,
  type ReviewEntry,
  type ReviewEntryResult,
} from "../schemas/review"
import type { MessageKind } from "../signing/recipes"
import { chunk, matchEntries, runChunks } from "./batch"
import type { ClientContext } from "./context"

export type BatchEntryOutcome<E> = E & {
  /** the entry's own status was "1" */
  ok: boolean
  /** why the entry was refused (`<code>:<text>` of error_message / refund_message) */
  error?: ResultInfo
}

export interface BatchOutcome<E> {
  /** one per input entry, in input order */
  entries: BatchEntryOutcome<E>[]
  /** every entry ok */
  ok: boolean
  /** how many requests the entries took */
  requests: number
}

interface BatchSpec<In extends { transaction_id: string }> {
  kind: MessageKind & BatchOperation
  path: string
  listField:
    "capture_orders" | "cancel_orders" | "review_orders" | "refund_orders"
  statusField: string
  messageFields: readonly string[]
  input: (ctx: ClientContext) => z.ZodType<{ [key: string]: unknown }>
  response: z.ZodType<Record<string, unknown>>
  checkEntry?: (entry: In, index: number) => void
}

const DONE = "1"
const ACCEPTED = "1"

async function runBatch<
  In extends { transaction_id: string; amount: string; currency: string },
  Out extends Record<string, unknown>,
>(
  ctx: ClientContext,
  spec: BatchSpec<In>,
  entries: readonly In[]
): Promise<BatchOutcome<Out>> {
  const operation = spec.kind
  if (!Array.isArray(entries))
    throw new InvalidInputError(spec.listField, "must be a list of entries")
  const valid = ctx.input(spec.input(ctx), { [spec.listField]: entries })[
    spec.listField
  ] as In[]
  valid.forEach((entry, index) => {
    parseAmount(
      entry.amount,
      entry.currency,
      `${spec.listField}[${index}].amount`
    )
    spec.checkEntry?.(entry, index)
  })
  const chunks = chunk(valid, ctx.options.limits[spec.kind])
  ctx.log(
    "info",
    `${operation} ${valid.length} entries in ${chunks.length} request(s)`
  )

  const results = await runChunks(chunks, async (part, index) => {
    const { message, signature } = ctx.sign(spec.kind, {
      [spec.listField]: part,
    })
    const body = await ctx.sendJson(operation, spec.path, message, "json")
    ctx.verifyEcho(spec.kind, body, signature)
    const answer = ctx.answer(operation, spec.response, body)
    if (String(answer.return_status) !== ACCEPTED) {
      const info = String(answer.return_message ?? "")
      ctx.log("warn", `${operation} request ${index + 1} refused: ${info}`)
      throw new GatewayRefusedError(
        operation,
        info || `return_status ${String(answer.return_status)}`
      )
    }
    const answered = (answer[spec.listField] ?? []) as Out[]
    return matchEntries(part, answered).map((found, at) =>
      entryOutcome(spec, part[at], found)
    )
  })

  const ok = results.every((entry) => entry.ok)
  ctx.log(
    "info",
    `${operation} done: ${results.filter((e) => e.ok).length}/${results.length} ok`
  )
  return { entries: results, ok, requests: chunks.length }
}

function entryOutcome<
  In extends { transaction_id: string },
  Out extends Record<string, unknown>,
>(
  spec: BatchSpec<In>,
  requested: In,
  answered: Out | undefined
): BatchEntryOutcome<Out> {
  if (!answered) {
    // the outcome of this entry is unknown: reconcile with retrieveTransactions
    return {
      ...(requested as unknown as Out),
      ok: false,
      error: {
        code: "",
        text: `the answer has no entry for transaction ${requested.transaction_id}`,
      },
    }
  }
  if (String(answered[spec.statusField] ?? "") === DONE)
    return { ...answered, ok: true }
  const text =
    spec.messageFields
      .map((field) => String(answered[field] ?? ""))
      .find((value) => value !== "") ?? ""
  return { ...answered, ok: false, error: parseResultInfo(text) }
}

export function capture(
  ctx: ClientContext,
  entries: readonly CaptureEntry[]
): Promise<BatchOutcome<CaptureEntryResult>> {
  return runBatch<CaptureEntry, CaptureEntryResult>(
    ctx,
    {
      kind: "capture",
      path: "/v1/capture",
      listField: "capture_orders",
      statusField: "capture_status",
      messageFields: ["error_message"],
      input: (c) => c.schemas.capture.requestInput,
      response: captureResponseSchema,
    },
    entries
  )
}

export function cancel(
  ctx: ClientContext,
  entries: readonly CancelEntry[]
): Promise<BatchOutcome<CancelEntryResult>> {
  return runBatch<CancelEntry, CancelEntryResult>(
    ctx,
    {
      kind: "cancel",
      path: "/v1/cancel",
      listField: "cancel_orders",
      statusField: "cancel_status",
      messageFields: ["error_message"],
      input: (c) => c.schemas.cancel.requestInput,
      response: cancelResponseSchema,
    },
    entries
  )
}

export function review(
  ctx: ClientContext,
  entries: readonly ReviewEntry[]
): Promise<BatchOutcome<ReviewEntryResult>> {
  return runBatch<ReviewEntry, ReviewEntryResult>(
    ctx,
    {
      kind: "review",
      path: "/v1/review",
      listField: "review_orders",
      statusField: "review_status",
      messageFields: ["error_message"],
      input: (c) => c.schemas.review.requestInput,
      response: reviewResponseSchema,
    },
    entries
  )
}

export function refund(
  ctx: ClientContext,
  entries: readonly RefundEntry[]
): Promise<BatchOutcome<RefundEntryResult>> {
  return runBatch<RefundEntry, RefundEntryResult>(
    ctx,
    {
      kind: "refund",
      path: "/v1/refund",
      listField: "refund_orders",
      statusField: "refund_status",
      messageFields: ["refund_message", "error_message"],
      input: (c) => c.schemas.refund.requestInput,
      response: refundResponseSchema,
      checkEntry: (entry, index) => {
        const field = `refund_orders[${index}].refund_amount`
        parseAmount(entry.refund_amount, entry.currency, field)
        if (compareAmounts(entry.refund_amount, 0) <= 0)
          throw new InvalidInputError(field, "must be greater than zero")
        if (compareAmounts(entry.refund_amount, entry.amount) > 0) {
          throw new InvalidInputError(
            field,
            `must not exceed the transaction amount ${entry.amount}`
          )
        }
      },
    },
    entries
  )
}
