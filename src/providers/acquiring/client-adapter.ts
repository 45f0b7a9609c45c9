/**
 * Adapts the gateway client (src/gateway) to the glue's GatewayPort. Field
 * reads are defensive: an unexpected answer shape becomes a clear failure or
 * an "unknown" status, never a crash deep in a provider method.
 */
import { createAcquiringClient } from "../../gateway/client/acquiring-client"
import { parseResultInfo } from "../../gateway/result-info"
import type { AcquiringOptions } from "./options"
import type { PluginLogger } from "./core-context"
import type {
  BatchEntry,
  EntryOutcome,
  GatewayPort,
  GatewayResult,
  RefundOutcome,
  RefundRecord,
  TransactionRecord,
} from "./gateway-port"

type Loose = Record<string, unknown>

const str = (value: unknown): string | undefined =>
  value === undefined || value === null
    ? undefined
    : typeof value === "string"
      ? value
      : String(value)

function asResult(raw: unknown): GatewayResult {
  const r = (raw ?? {}) as Loose
  const parsed =
    r.result && typeof r.result === "object"
      ? (r.result as { code?: string; text?: string })
      : parseResultInfo(str(r.result_info))
  return {
    order_no: str(r.order_no) ?? "",
    transaction_id: str(r.transaction_id),
    amount: str(r.amount),
    currency: str(r.currency),
    order_status: str(r.order_status) ?? "",
    result: { code: parsed.code ?? "", text: parsed.text ?? "" },
    card: str(r.card),
    threeds_result: str(r.threeds_result),
    risk_action: str(r.risk_action),
    risk_score: str(r.risk_score),
    issuer_url: str(r.issuer_url),
    notify_type: str(r.notify_type),
  }
}

/** A batch answer's entries, whether the client returns a list or an object holding one. */
function entriesOf(outcome: unknown): Loose[] {
  if (Array.isArray(outcome)) return outcome as Loose[]
  const o = (outcome ?? {}) as Loose
  for (const key of [
    "entries",
    "results",
    "capture_orders",
    "cancel_orders",
    "review_orders",
    "refund_orders",
  ]) {
    if (Array.isArray(o[key])) return o[key] as Loose[]
  }
  return []
}

function asEntry(raw: Loose): EntryOutcome {
  const error =
    raw.error && typeof raw.error === "object"
      ? (raw.error as { code?: string; text?: string })
      : parseResultInfo(str(raw.error_message))
  return {
    transaction_id: str(raw.transaction_id) ?? "",
    ok: raw.ok === true,
    ...(raw.ok === true
      ? {}
      : { error: { code: error.code ?? "", text: error.text ?? "" } }),
  }
}

function asRefund(raw: Loose): RefundOutcome {
  return {
    ...asEntry(raw),
    refund_reference_id: str(raw.refund_reference_id),
    refund_amount: str(raw.refund_amount),
  }
}

function asTransaction(raw: Loose): TransactionRecord {
  return {
    order_no: str(raw.order_no) ?? "",
    transaction_id: str(raw.transaction_id),
    amount: str(raw.amount),
    currency: str(raw.currency),
    payment_status: str(raw.payment_status) ?? "",
    query_result: str(raw.query_result) ?? "",
  }
}

function asRefundRecord(raw: Loose): RefundRecord {
  return {
    order_no: str(raw.order_no) ?? "",
    transaction_id: str(raw.transaction_id),
    refund_amount: str(raw.refund_amount),
    refund_reference_id: str(raw.refund_reference_id),
    refund_reason: str(raw.refund_reason),
    refund_status: str(raw.refund_status),
  }
}

export function gatewayFromOptions(
  options: AcquiringOptions,
  logger?: PluginLogger
): GatewayPort {
  const client = createAcquiringClient({
    base_url: options.base_url,
    merchant_id: options.merchant_id,
    account_id: options.account_id,
    sign_key: options.sign_key,
    timeout_ms: options.timeout_ms,
    lookup_retries: options.lookup_retries,
    recipes: options.recipes,
    limits: options.limits?.batch,
    field_limits: options.limits?.fields,
    // the client prefixes and redacts every line itself
    logger,
  })
  // the client's input types are stricter than the glue's plain field records; both follow the wire names
  const c = client as unknown as Record<string, (...args: unknown[]) => unknown>

  return {
    authorise: async (order) => asResult(await c.authorise(order)),
    checkout: async (order) => {
      const page = (await c.checkout(order)) as Loose
      return { html: str(page.html) ?? "" }
    },
    capture: async (entries: BatchEntry[]) =>
      entriesOf(await c.capture(entries)).map(asEntry),
    cancel: async (entries) => entriesOf(await c.cancel(entries)).map(asEntry),
    review: async (entries) => entriesOf(await c.review(entries)).map(asEntry),
    refund: async (entries) => entriesOf(await c.refund(entries)).map(asRefund),
    retrieveTransactions: async (selector) =>
      entriesOf(await c.retrieveTransactions(selector)).map(asTransaction),
    retrieveRefunds: async (selector) =>
      entriesOf(await c.retrieveRefunds(selector)).map(asRefundRecord),
    verifyNotification: (fields) => asResult(c.verifyNotification(fields)),
    verifyResult: (fields) => asResult(c.verifyResult(fields)),
  }
}
