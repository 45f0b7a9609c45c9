/** startSandbox(): the sandbox acquiring service on a loopback port. */
import {
  DEDUCTION_INFIX,
  DEDUCTION_INFIX_PATTERN,
} from "../gateway/deduction-order-no"
import type { AddressInfo } from "node:net"
import { createServer, type Server } from "node:http"
import {
  resolveBatchLimits,
  resolveFieldLimits,
  type BatchLimitOverrides,
  type FieldLimitOverrides,
} from "../gateway/limits"
import {
  AccountRegistry,
  DEFAULT_SANDBOX_ACCOUNT,
  type SandboxAccount,
} from "./accounts"
import {
  lapseIfDue,
  resolveAuthorizationLifetime,
} from "./authorization-lifetime"
import {
  lapseTransfer,
  receiveTransfer,
  resolveTransferLifetime,
} from "./bank-transfers"
import type { SandboxContext } from "./context"
import { FaultBook, type Fault, type FaultInput } from "./faults"
import {
  Notifier,
  resolveNotificationPolicy,
  type NotificationPolicy,
  type NotificationRecord,
  type DeliveryAttempt,
} from "./notifier"
import { PayoutSettler } from "./payout-settler"
import { RequestLog, type RequestRecord } from "./request-log"
import { resolveRetention, type RetentionLimits } from "./retention"
import { createSandboxHandler, type RequestHandler } from "./server"
import { resolveRecipes, type SandboxMessageKind } from "./signer"
import { SandboxStore } from "./store"
import type { StoredCardView } from "./stored-cards"
import { DEFAULT_TEST_CARDS, type TestCard } from "./test-cards"
import { resolveChallenge } from "./three-d-secure"
import type { Transaction } from "./transactions"

export interface SandboxOptions {
  /** default: [DEFAULT_SANDBOX_ACCOUNT] */
  accounts?: SandboxAccount[]
  /** caller IPs allowed to use retrievalTrans; default loopback (127.0.0.1, ::1) */
  registered_ips?: string[]
  /** retry policy of notifications; default 6 attempts from 1 s, doubling */
  notifications?: Partial<NotificationPolicy>
  /** hosts notify_url may name besides loopback; ["*"] allows any */
  notify_hosts?: string[]
  /** 0 (default) picks a free port */
  port?: number
  /** default 127.0.0.1 */
  host?: string
  /** replaces the test-card table */
  test_cards?: TestCard[]
  /** replaces signing recipes per message kind */
  recipes?: Partial<Record<SandboxMessageKind, readonly string[]>>
  batch_limits?: BatchLimitOverrides
  field_limits?: FieldLimitOverrides
  /** time source; default the system clock */
  clock?: () => Date
  /** days an authorisation lives uncaptured before it lapses (payment_status 1100); default 7 */
  authorisation_lifetime_days?: number
  /** days a bank transfer is awaited before it lapses (0, E0012, payment_status 1100); default 7 */
  transfer_lifetime_days?: number
  /** between the first payment's order number and a deduction's number; default -R (1 to 5 letters, - or _) */
  deduction_order_no_infix?: string
  /** delay before a payout settles by itself; null: only when forced. Default 1000. */
  payout_settle_ms?: number | null
  /**
   * How much the sandbox remembers: the last 10,000 requests and
   * notifications and 20,000 transactions per account by default.
   */
  retention?: Partial<RetentionLimits>
  /** one line per request and notification attempt; card data never reaches it */
  log?: (line: string) => void
}

export interface SandboxHandle {
  url: string
  host: string
  port: number
  accounts: SandboxAccount[]
  context: SandboxContext
  /** transactions, payouts and subscriptions per account */
  state: SandboxStore
  requests(filter?: { operation?: string }): RequestRecord[]
  notifications(): NotificationRecord[]
  injectFault(fault: FaultInput): Fault
  resolveThreeDSecure(transactionId: string, outcome: "pass" | "fail"): boolean
  /** the awaited bank transfer arrives (captured) or lapses (E0012), notified; false when none is awaited */
  receiveTransfer(transactionId: string): boolean
  lapseTransfer(transactionId: string): boolean
  resolvePayout(idOrRequestId: string, status: "COMPLETED" | "FAILED"): boolean
  /** stored cards of every account (masked) */
  storedCards(): StoredCardView[]
  /** lapses a stored card's token (later payments with it get E0011); false when unknown or lapsed already */
  lapseToken(tokenId: string): boolean
  deliverNotification(id: string): Promise<DeliveryAttempt>
  reset(): void
  close(): Promise<void>
}

export async function startSandbox(
  options: SandboxOptions = {}
): Promise<SandboxHandle> {
  const host = options.host ?? "127.0.0.1"
  const clock = options.clock ?? (() => new Date())
  const log = options.log ?? (() => undefined)
  const accounts = new AccountRegistry(
    options.accounts ?? [DEFAULT_SANDBOX_ACCOUNT]
  )
  const recipes = resolveRecipes(options.recipes)
  const retention = resolveRetention(options.retention)
  const notifier = new Notifier(
    resolveNotificationPolicy(options.notifications),
    clock,
    log,
    retention.notifications
  )
  const authorizationLifetimeDays = resolveAuthorizationLifetime(
    options.authorisation_lifetime_days
  )
  const transferLifetimeDays = resolveTransferLifetime(
    options.transfer_lifetime_days
  )
  const settleMs =
    options.payout_settle_ms === undefined ? 1000 : options.payout_settle_ms
  if (settleMs !== null && !(Number.isInteger(settleMs) && settleMs >= 0))
    throw new RangeError(
      "payout_settle_ms must be a non-negative integer or null"
    )
  const payouts = new PayoutSettler(
    settleMs,
    clock,
    accounts,
    recipes,
    notifier
  )
  const store = new SandboxStore(clock, retention.transactions)
  const registeredIps = options.registered_ips ?? ["127.0.0.1", "::1"]
  let baseUrl = ""
  const ctx: SandboxContext = {
    accounts,
    store,
    recipes,
    cards: options.test_cards ?? DEFAULT_TEST_CARDS,
    batchLimits: resolveBatchLimits(options.batch_limits),
    fieldLimits: resolveFieldLimits(options.field_limits),
    registeredIps: new Set(registeredIps),
    notifyHosts: options.notify_hosts ?? [],
    notifier,
    payouts,
    clock,
    authorizationLifetimeDays,
    transferLifetimeDays,
    deductionInfix: resolveDeductionInfix(options.deduction_order_no_infix),
    baseUrl: () => baseUrl,
  }
  const faults = new FaultBook()
  const requests = new RequestLog(retention.requests)
  const reset = () => {
    store.reset()
    notifier.reset()
    payouts.close()
    faults.clear()
    requests.clear()
    ctx.registeredIps.clear()
    for (const ip of registeredIps) ctx.registeredIps.add(ip)
  }
  const handler = createSandboxHandler({
    ctx,
    faults,
    requests,
    log: options.log,
    reset,
  })
  const settleTransfer = (
    id: string,
    settle: (ctx: SandboxContext, tx: Transaction) => boolean
  ) => {
    const tx = store.findAnywhere(id)
    if (!tx) return false
    lapseIfDue(ctx, tx)
    return settle(ctx, tx)
  }
  const server = await listen(handler, options.port ?? 0, host)
  const port = (server.address() as AddressInfo).port
  baseUrl = `http://${host.includes(":") ? `[${host}]` : host}:${port}`

  return {
    url: baseUrl,
    host,
    port,
    accounts: accounts.list(),
    context: ctx,
    state: store,
    requests: (filter) => requests.list(filter),
    notifications: () => notifier.list(),
    injectFault: (fault) => faults.add(fault),
    resolveThreeDSecure: (id, outcome) => {
      const tx = store.findAnywhere(id)
      return tx ? resolveChallenge(ctx, tx, outcome === "pass") : false
    },
    receiveTransfer: (id) => settleTransfer(id, receiveTransfer),
    lapseTransfer: (id) => settleTransfer(id, lapseTransfer),
    resolvePayout: (id, status) => {
      const payout = store.findPayoutAnywhere(id)
      return payout ? payouts.resolve(payout, status) : false
    },
    storedCards: () =>
      store.allLedgers().flatMap((ledger) => ledger.storedCards.list()),
    lapseToken: (tokenId) =>
      store.storedCardsHolding(tokenId)?.lapse(tokenId) ?? false,
    deliverNotification: async (id) => {
      const record = notifier.find(id)
      if (!record) throw new RangeError(`no notification ${id}`)
      return notifier.deliverNow(record)
    },
    reset,
    close: () => {
      notifier.close()
      payouts.close()
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      })
    },
  }
}

function listen(
  handler: RequestHandler,
  port: number,
  host: string
): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(handler).listen(port, host)
    server.once("listening", () => resolve(server))
    server.once("error", reject)
  })
}

function resolveDeductionInfix(asked: string | undefined): string {
  if (asked === undefined) return DEDUCTION_INFIX
  if (!DEDUCTION_INFIX_PATTERN.test(asked))
    throw new RangeError(
      "deduction_order_no_infix must be 1 to 5 letters, - or _"
    )
  return asked
}
