/**
 * Received requests, kept for tests to inspect: the most recent ones only
 * (retention.requests). Bodies pass through the gateway's redact(): card
 * numbers masked to first 6 / last 4, expiry and security code dropped. The
 * raw body is never kept.
 */
import { redact } from "../gateway/redact"
import { DEFAULT_RETENTION, RetainedList } from "./retention"

export interface RequestRecord {
  id: string
  at: string
  method: string
  path: string
  operation: string
  ip: string
  content_type: string
  encoding: "json" | "form" | "none"
  body: unknown
  status: number
  summary: string
  fault?: string
}

export class RequestLog {
  private readonly records: RetainedList<RequestRecord>
  private sequence = 0

  constructor(max = DEFAULT_RETENTION.requests) {
    this.records = new RetainedList(max)
  }

  add(
    record: Omit<RequestRecord, "id" | "body"> & {
      body: Record<string, unknown>
    }
  ): RequestRecord {
    this.sequence += 1
    const stored: RequestRecord = {
      ...record,
      id: `R${String(this.sequence).padStart(6, "0")}`,
      body: redact(record.body),
    }
    this.records.push(stored)
    return stored
  }

  list(filter?: { operation?: string }): RequestRecord[] {
    const all = this.records.toArray()
    return filter?.operation
      ? all.filter((r) => r.operation === filter.operation)
      : all
  }

  clear(): void {
    this.records.clear()
  }
}

/** One readable line per request for the command line; never card data. */
export function requestLine(record: RequestRecord): string {
  const body = (record.body ?? {}) as Record<string, unknown>
  const parts = [`${record.at.slice(11, 19)} ${record.method} ${record.path}`]
  if (typeof body.merchant_id === "string")
    parts.push(`merchant=${body.merchant_id}/${String(body.account_id ?? "")}`)
  if (typeof body.order_no === "string") parts.push(`order_no=${body.order_no}`)
  if (typeof body.card === "string" && body.card !== "")
    parts.push(`card=${body.card}`)
  parts.push(`→ ${record.status} ${record.summary}`)
  if (record.fault) parts.push(`[fault ${record.fault}]`)
  return parts.join(" ")
}
