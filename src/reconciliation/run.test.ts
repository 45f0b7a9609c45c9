import {
  useMemoryModule,
  dropMemoryModule,
} from "../modules/acquiring/__fixtures__/memory-module"
import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { memorySessionStates } from "../accounts/__fixtures__/test-gateway"
import { settleAbandoned } from "./abandoned"
import { reconcilePayments } from "./payments"
import { reconcileAcquiring } from "./run"
import { reconcileSessions } from "./sessions"

jest.mock("./sessions", () => ({
  ...jest.requireActual("./sessions"),
  reconcileSessions: jest.fn(),
}))
jest.mock("./abandoned", () => ({ settleAbandoned: jest.fn() }))
jest.mock("./payments", () => ({ reconcilePayments: jest.fn() }))
// the journal's own table is exercised by the money specs on PostgreSQL
jest.mock("./journal-settlement", () => ({
  settleKnownOperations: jest.fn(async () => []),
}))
// deductions are the subscriptions spec's, on PostgreSQL and the sandbox
jest.mock("../renewals/deduction-watch", () => ({
  watchDeductions: jest.fn(async () => ({ found: 0, finished: 0 })),
}))

const sessions = reconcileSessions as jest.Mock
const abandoned = settleAbandoned as jest.Mock
const payments = reconcilePayments as jest.Mock

const CARD = "pp_acquiring-card_acquiring"
const NOW = new Date("2026-11-24T12:00:00Z")

type Row = Record<string, unknown> & { id: string }

/** The payment module's lists: open, awaited and authorised sessions by status, payments, in pages as asked. */
function paymentModule(rows: {
  open: Row[]
  awaited?: Row[]
  authorised: Row[]
  live: Row[]
}) {
  const page = <T>(all: T[], config: { skip: number; take: number }) =>
    all.slice(config.skip, config.skip + config.take)
  const module = {
    listPaymentSessions: jest.fn(
      async (
        filters: { status: string[]; updated_at?: { $lte: Date } },
        config: { skip: number; take: number }
      ) =>
        page(
          filters.status.includes("pending")
            ? rows.open
            : filters.status.includes("pending_authorization")
              ? (rows.awaited ?? [])
              : rows.authorised,
          config
        )
    ),
    listPayments: jest.fn(
      async (_: unknown, config: { skip: number; take: number }) =>
        page(rows.live, config)
    ),
  }
  const container = {
    resolve: (key: string) => (key === Modules.PAYMENT ? module : undefined),
  } as unknown as MedusaContainer
  return { container, module }
}

const ids = (mock: jest.Mock) =>
  (mock.mock.calls[0][1] as Row[]).map((r) => r.id)

describe("one reconcile run", () => {
  const states = memorySessionStates()
  beforeAll(async () => {
    useMemoryModule(states)
    const write = (id: string, data: Record<string, unknown>) =>
      states.write(id, { session_id: id, ...data })
    await write("payses_paid", { status: "authorized", order_no: "MED_PAID" })
    await write("payses_dropped", { status: "canceled" })
    await write("payses_live", { status: "authorized", order_no: "MED_LIVE" })
    await write("payses_answered", {
      status: "authorized",
      order_no: "MED_NOW",
    })
    await write("payses_held", { status: "authorized", order_no: "MED_HELD" })
    await write("payses_held_now", {
      status: "authorized",
      order_no: "MED_HELD_NOW",
    })
    await write("payses_voided", { status: "canceled", order_no: "MED_VOID" })
    await write("payses_waiting", {
      status: "canceled",
      order_no: "MED_WAIT",
      void_pending: true,
    })
  })
  afterAll(() => dropMemoryModule())
  beforeEach(() => {
    sessions.mockReset().mockResolvedValue(new Set(["MED_NOW"]))
    abandoned.mockReset().mockResolvedValue(undefined)
    payments.mockReset().mockResolvedValue(new Map())
  })

  const session = (id: string, provider_id = CARD, extra: object = {}) => ({
    id,
    provider_id,
    data: { session_id: id },
    ...extra,
  })
  const payment = (id: string, session_id: string, canceled = false) => ({
    id,
    provider_id: CARD,
    data: { session_id },
    canceled_at: canceled ? NOW : null,
  })

  it("hands each kind of row to its reconcile: open sessions, authorised ones no order took, payments still live", async () => {
    const { container } = paymentModule({
      open: [
        session("payses_open"),
        session("payses_stripe", "pp_stripe_stripe"),
        // money held while Medusa's session waits (a recording rolled back): two hours, and one minute
        session("payses_held", CARD, {
          updated_at: new Date("2026-11-24T10:00:00Z"),
        }),
        session("payses_held_now", CARD, {
          updated_at: new Date("2026-11-24T11:59:00Z"),
        }),
      ],
      // a bank transfer awaited for days: asked until it ends
      awaited: [session("payses_transfer")],
      authorised: [
        session("payses_paid"),
        session("payses_dropped"),
        session("payses_ordered", CARD, { payment: { id: "pay_x" } }),
      ],
      live: [
        payment("pay_live", "payses_live"),
        payment("pay_answered", "payses_answered"),
        payment("pay_voided", "payses_voided", true),
        payment("pay_waiting", "payses_waiting", true),
      ],
    })
    await reconcileAcquiring(container, { now: NOW })
    expect(ids(sessions)).toEqual([
      "payses_open",
      "payses_held",
      "payses_held_now",
      "payses_transfer",
    ])
    // held past the abandoned time, or without an order and not released already
    expect(ids(abandoned)).toEqual(["payses_held", "payses_paid"])
    // not the one this run just answered (compared again next run), not one voided for good
    expect(ids(payments)).toEqual(["pay_live", "pay_waiting"])
  })

  it("reads every page before acting, and only the windows it was given", async () => {
    const open = Array.from({ length: 250 }, (_, i) => session(`payses_${i}`))
    const { container, module } = paymentModule({
      open,
      authorised: [],
      live: [],
    })
    await reconcileAcquiring(container, { now: NOW, quiet_ms: 60_000 })
    expect(ids(sessions)).toHaveLength(250)
    const [filters, config] = module.listPaymentSessions.mock.calls[0]
    expect(filters.updated_at?.$lte).toEqual(new Date("2026-11-24T11:59:00Z"))
    expect(config.take).toBe(100)
    expect(module.listPaymentSessions.mock.calls.map((c) => c[1].skip)).toEqual(
      [0, 100, 200, 0, 0]
    )
  })
})
