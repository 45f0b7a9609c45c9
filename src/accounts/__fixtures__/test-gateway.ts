/**
 * Test doubles for the provider's money operations: a scripted gateway
 * (every call recorded, answered from the script) and a journal in memory.
 * Never part of the package (the build leaves __fixtures__ out).
 */
import type { SessionStates } from "../../payment-sessions/session-store"
import { createCore, type ProviderCore } from "../core"
import { parseAcquiringOptions } from "../options"
import type { Journal, Operation } from "../../journal/journal"
import type { GatewayPort } from "../gateway-port"

export type Script = Partial<{ [K in keyof GatewayPort]: GatewayPort[K] }>

export interface RecordedCall {
  method: keyof GatewayPort
  args: unknown[]
}

const METHODS: (keyof GatewayPort)[] = [
  "authorize",
  "checkout",
  "capture",
  "cancel",
  "review",
  "refund",
  "retrieveTransactions",
  "retrieveRefunds",
  "cancelSubscription",
  "verifyNotification",
  "verifyResult",
  "payout",
  "verifyPayoutNotification",
]

export function scriptedGateway(script: Script): {
  gateway: GatewayPort
  calls: RecordedCall[]
} {
  const calls: RecordedCall[] = []
  const gateway = Object.fromEntries(
    METHODS.map((method) => [
      method,
      (...args: unknown[]) => {
        calls.push({ method, args })
        const fn = script[method] as ((...a: unknown[]) => unknown) | undefined
        if (!fn) throw new Error(`unexpected gateway call: ${method}`)
        return fn(...args)
      },
    ])
  ) as unknown as GatewayPort
  return { gateway, calls }
}

/** The plugin's session-state table in memory (JSON round trip, as the database stores it). */
export function memorySessionStates(): SessionStates & {
  rows: Map<string, unknown>
  /** removes the row and answers what it held (the module's takeSessionState) */
  take(id: string): Promise<unknown>
} {
  const rows = new Map<string, unknown>()
  return {
    rows,
    async read(ids) {
      return new Map(
        ids.filter((id) => rows.has(id)).map((id) => [id, rows.get(id)])
      )
    },
    async write(id, data) {
      rows.set(id, JSON.parse(JSON.stringify(data)))
    },
    async take(id) {
      const held = rows.get(id)
      rows.delete(id)
      return held
    },
  }
}

export function memoryJournal(): Journal & { operations: Operation[] } {
  const operations: Operation[] = []
  let sequence = 0
  const matches = (value: unknown, wanted: unknown) =>
    wanted === undefined ||
    (Array.isArray(wanted) ? wanted.includes(value) : value === wanted)
  return {
    operations,
    async record(operation) {
      sequence += 1
      const created: Operation = {
        state: "sent",
        ...operation,
        id: `acqop_${sequence}`,
        created_at: new Date(),
      }
      operations.push(created)
      return { ...created }
    },
    async settle(id, change) {
      const op = operations.find((o) => o.id === id)
      if (op) Object.assign(op, change)
    },
    async claim(id, from, to) {
      const op = operations.find((o) => o.id === id)
      if (!op || op.state !== from) return false
      op.state = to
      return true
    },
    async list(filter, take = 500) {
      return operations
        .filter(
          (o) =>
            matches(o.kind, filter.kind) &&
            matches(o.state, filter.state) &&
            matches(o.order_no, filter.order_no) &&
            matches(o.reference, filter.reference) &&
            matches(o.payment_id, filter.payment_id) &&
            matches(o.session_id, filter.session_id)
        )
        .slice(0, take)
        .map((o) => ({ ...o }))
    },
  }
}

export const TEST_OPTIONS = {
  merchant_id: "M100",
  account_id: "A200",
  sign_key: "s1gn-Key",
  base_url: "https://test-gateway.example",
  website: "https://shop.example",
  backend_url: "https://api.shop.example",
  storefront_return_url: "https://shop.example/return",
  storefront_cancel_url: "https://shop.example/cancel",
}

export function testCore(
  gateway: GatewayPort,
  overrides: Record<string, unknown> = {},
  journal = memoryJournal()
): ProviderCore & {
  lines: string[]
  journal: ReturnType<typeof memoryJournal>
} {
  const lines: string[] = []
  const core = createCore({
    identifier: "acquiring-card",
    entry_id: "acquiring",
    options: parseAcquiringOptions({ ...TEST_OPTIONS, ...overrides }),
    gateway,
    journal,
    disputes: { open: async () => [] },
  })
  return {
    ...core,
    journal,
    log: (level, message, details) =>
      lines.push(`${level} ${message} ${JSON.stringify(details ?? null)}`),
    lines,
  }
}
