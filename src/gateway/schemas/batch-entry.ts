/**
 * Fields shared by the entries of the batch operations (capture, cancel,
 * review, refund) and their message envelopes.
 */
import { z } from "zod"
import type { FieldLimits } from "../limits"
import {
  amount,
  currencyCode,
  requiredText,
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
