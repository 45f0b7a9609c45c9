/**
 * Fields shared by the entries of the batch operations (capture, cancel,
 * review, refund) and their message envelopes.
 */
import { z } from "zod"
import type { FieldLimitOverrides, FieldLimits } from "../limits"
import {
  amount,
  commonRequestFields,
  currencyCode,
  limitsFrom,
  requiredText,
  signedRequestFields,
  text,
  wireList,
  wireFreeText,
  wireText,
  responseEnvelopeFields,
} from "./common"

/** One request entry names a transaction; amount is the amount the operation concerns. */
export function batchEntryShape(limits: FieldLimits) {
  return {
    transaction_id: requiredText(),
    order_no: text(limits.order_no).optional(),
    currency: currencyCode,
    amount: amount(limits),
  }
}

export const batchEntryResultShape = {
  transaction_id: wireText.optional(),
  order_no: wireText.optional(),
  currency: wireText.optional(),
  amount: wireText.optional(),
  /** `<code>:<text>`, empty on success */
  error_message: wireFreeText.optional(),
}

/** A non-empty list; batch limits are the client's to split by, not a validation rule. */
export function entryList<T extends z.ZodType>(entry: T) {
  return z.array(entry).min(1, "must hold at least one entry")
}

/** Envelope of a batch response: the message-level status is required. */
export function batchResponseShape<K extends string, T extends z.ZodType>(
  listField: K,
  entry: T
) {
  return {
    ...responseEnvelopeFields,
    return_status: wireText,
    ...({ [listField]: wireList(entry) } as Record<
      K,
      ReturnType<typeof wireList<T>>
    >),
  }
}

/**
 * A batch operation whose entries are the shared shape and whose answer
 * adds one status per entry (capture, cancel): its request schemas for
 * given field limits, and its answer's.
 */
export function batchOperationSchemas<L extends string, S extends string>(
  listField: L,
  statusField: S
) {
  function requestSchemas(overrides?: FieldLimitOverrides) {
    const entry = z.strictObject(batchEntryShape(limitsFrom(overrides)))
    const input = z.strictObject({
      ...({ [listField]: entryList(entry) } as Record<
        L,
        ReturnType<typeof entryList<typeof entry>>
      >),
      ...commonRequestFields,
    })
    return {
      entry,
      requestInput: input,
      request: input.extend(signedRequestFields),
    }
  }
  const entryResult = z.looseObject({
    ...batchEntryResultShape,
    ...({ [statusField]: wireText.optional() } as Record<
      S,
      z.ZodOptional<typeof wireText>
    >),
  })
  return {
    requestSchemas,
    entryResult,
    response: z.looseObject(batchResponseShape(listField, entryResult)),
  }
}
