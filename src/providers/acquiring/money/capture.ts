/**
 * Capture of the whole authorised amount (Medusa never passes a smaller
 * one). Idempotent: a captured payment is left alone, a capture whose answer
 * is lost is confirmed with the status query, and a payment whose order was
 * cancelled is never captured.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { ProviderCore } from "../config/core"
import type { SessionData } from "../session/session-data"
import { queryMeaning } from "../session/transitions"
import { captured } from "../session/payment-transitions"
import { batchEntry } from "./batch-entry"
import { refusedEntryError, unsettledError } from "./errors"
import { runEntry } from "./run-entry"
import { refreshPayment, rulesOf } from "./settle-attempts"

export async function capturePayment(
  core: ProviderCore,
  stored: SessionData,
  paymentId?: string
): Promise<SessionData> {
  let data = stored
  if (data.status === "captured") return data
  if (data.status === "canceled" || data.void_pending) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "Cannot capture: the payment was canceled (its order was cancelled or the authorisation voided)"
    )
  }
  if (data.review === "held") {
    data = (await refreshPayment(core, data)).data
    if (data.status === "captured") return data
    if (data.review === "held") {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "Cannot capture: the payment is held for risk review; release it first"
      )
    }
  }
  const entry = batchEntry(data, "capture")
  const run = await runEntry(core, {
    kind: "capture",
    entry,
    data,
    payment_id: paymentId,
    isDone: (answer) =>
      answer.kind === "found" &&
      queryMeaning(answer.entry, rulesOf(core))?.state === "captured",
    send: async () => core.gateway.capture(entry),
  })
  if (run.outcome === "done") return captured(data)
  if (run.outcome === "refused") throw refusedEntryError("capture", run.error)
  throw unsettledError(
    `The acquirer's answer to the capture of ${data.order_no} was lost and its outcome is being confirmed. Try again in a minute: a capture is never made twice.`
  )
}
