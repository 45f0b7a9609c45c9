import type { MedusaContainer } from "@medusajs/framework/types"
import { coreFor } from "../accounts/registry"
import { retryLostCaptures } from "../capture/capture-when-due"
import { registerAcquiringModule } from "../modules/acquiring/module-access"
import type AcquiringModuleService from "../modules/acquiring/service"
import { catchUpDeferredWork } from "./catch-up"
import { reconcilePayments } from "./payments"
import { reconcileSessions } from "./sessions"

jest.mock("../accounts/registry", () => ({
  choiceOf: () => ({}),
  coreFor: jest.fn(),
}))
jest.mock("../capture/capture-when-due", () => ({
  retryLostCaptures: jest.fn(async () => []),
}))
jest.mock("./payments", () => ({ reconcilePayments: jest.fn() }))
jest.mock("./sessions", () => ({
  reconcileSessions: jest.fn(),
}))
jest.mock("../payment-sessions/session-store", () => ({
  readSession: async (data: unknown) => data,
}))

const HOSTED = "pp_acquiring-hosted_acquiring"
const now = () => new Date().toISOString()

/** The plugin's table of deferred rows, the payment module and the locking module, in memory. */
function store(rows: { id: string; data: Record<string, unknown> }[]) {
  const taken: string[] = []
  registerAcquiringModule({
    listDeferredWork: async () => rows.filter((r) => !taken.includes(r.id)),
    sessionsWithCaptureDue: async () => [],
    takeSessionState: async (id: string) => void taken.push(id),
  } as unknown as AcquiringModuleService)
  const logs: string[] = []
  const sessions = [
    { id: "payses_able", provider_id: HOSTED, data: { account: "a" } },
    { id: "payses_faulty", provider_id: HOSTED, data: { account: "b" } },
  ]
  const container = {
    resolve: (name: string) =>
      name === "logger"
        ? {
            info: (m: string) => logs.push(m),
            warn: (m: string) => logs.push(m),
          }
        : name === "locking"
          ? { execute: (_key: string, job: () => Promise<unknown>) => job() }
          : {
              listPaymentSessions: async (filter: { id: string[] }) =>
                sessions.filter((s) => filter.id.includes(s.id)),
              listPayments: async () => [],
            },
  } as unknown as MedusaContainer
  return { container, taken, logs }
}

const deferred = (sessionId: string, at = now()) => ({
  id: `deferred:notification:${sessionId}`,
  data: {
    kind: "notification",
    session_id: sessionId,
    provider_id: HOSTED,
    deferred_at: at,
  },
})

describe("the catch-up of deferred notifications", () => {
  beforeEach(() => {
    jest.mocked(coreFor).mockReset()
    jest.mocked(reconcileSessions).mockReset()
    jest.mocked(reconcilePayments).mockReset()
    jest.mocked(retryLostCaptures).mockClear()
  })

  it("confirms the sessions this instance can act on and drops their rows; keeps those it still cannot", async () => {
    const { container, taken, logs } = store([
      deferred("payses_able"),
      deferred("payses_faulty"),
    ])
    // the first session's account can be used here, the second's not (its key missing)
    jest
      .mocked(coreFor)
      .mockImplementationOnce(async () => ({}) as any)
      .mockImplementationOnce(async () => {
        throw new Error("Set ACQUIRING_SETTINGS_KEY")
      })
    const outcome = await catchUpDeferredWork(container, "start-up")
    expect(outcome).toEqual({
      notifications: 1,
      still_deferred: 1,
      captures: 0,
    })
    expect(jest.mocked(reconcileSessions).mock.calls).toEqual([
      [container, [expect.objectContaining({ id: "payses_able" })]],
    ])
    expect(taken).toEqual(["deferred:notification:payses_able"])
    expect(logs.join("\n")).toMatch(
      /caught up \(start-up\): 1 payment\(s\) of deferred notifications .*1 still waiting/
    )
  })

  it("drops a row older than the two days the job looks back, or whose session is gone", async () => {
    const old = new Date(Date.now() - 3 * 86_400_000).toISOString()
    const { container, taken } = store([
      deferred("payses_able", old),
      deferred("payses_gone"),
    ])
    const outcome = await catchUpDeferredWork(container, "reconcile job")
    expect(outcome).toEqual({
      notifications: 0,
      still_deferred: 0,
      captures: 0,
    })
    expect(reconcileSessions).not.toHaveBeenCalled()
    expect(taken.sort()).toEqual([
      "deferred:notification:payses_able",
      "deferred:notification:payses_gone",
    ])
  })

  it("leaves everything to the job when another instance has held the catch-up too long", async () => {
    const { container, taken, logs } = store([deferred("payses_able")])
    const busy = {
      ...container,
      resolve: (name: string) =>
        name === "locking"
          ? {
              execute: async () => {
                throw new Error("Timed-out acquiring lock.")
              },
            }
          : container.resolve(name),
    } as unknown as MedusaContainer
    await expect(catchUpDeferredWork(busy, "start-up")).resolves.toEqual({
      notifications: 0,
      still_deferred: 0,
      captures: 0,
    })
    expect(taken).toEqual([])
    expect(logs.join("\n")).toMatch(/skipped: another instance/)
  })
})
