import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { reconcilePayments } from "../reconciliation/payments"
import { reconcileSessions } from "../reconciliation/sessions"
import acquirerNotification from "./notification-subscriber"

jest.mock("../reconciliation/payments", () => ({
  reconcilePayments: jest.fn(async () => new Map()),
}))
jest.mock("../reconciliation/sessions", () => ({
  ...jest.requireActual("../reconciliation/sessions"),
  reconcileSessions: jest.fn(async () => undefined),
}))

const payments = reconcilePayments as jest.Mock
const sessions = reconcileSessions as jest.Mock

/** The payment module answering one webhook verdict and one session (with or without its payment). */
function medusa(
  verdict: { action: string; data?: { session_id?: string } },
  payment?: object
) {
  const lines: string[] = []
  const module = {
    getWebhookActionAndData: async () => verdict,
    listPaymentSessions: async () => [
      { id: "payses_1", provider_id: "pp_acquiring-hosted_acquiring", payment },
    ],
  }
  const services: Record<string, unknown> = {
    [Modules.PAYMENT]: module,
    logger: { debug: (line: string) => lines.push(line) },
  }
  const container = {
    resolve: (key: string) => services[key],
  } as unknown as MedusaContainer
  return { container, lines }
}

function deliver(
  container: MedusaContainer,
  provider = "acquiring-hosted_acquiring"
) {
  return acquirerNotification({
    event: {
      name: "payment.webhook_received",
      data: { provider, payload: { data: {}, rawData: "", headers: {} } },
    },
    container,
    pluginOptions: {},
  } as never)
}

describe("acquirer notifications Medusa does not act on", () => {
  beforeEach(() => {
    payments.mockClear()
    sessions.mockClear()
  })

  it("reconciles the session of a failure or a void, then says it was handled", async () => {
    const { container, lines } = medusa({
      action: "failed",
      data: { session_id: "payses_1" },
    })
    await deliver(container)
    expect(sessions).toHaveBeenCalledTimes(1)
    expect(payments).not.toHaveBeenCalled()
    expect(lines).toEqual([
      "[acquiring] notification handled: failed for payses_1",
    ])
  })

  it("reconciles the payment once the session has one", async () => {
    const { container } = medusa(
      { action: "canceled", data: { session_id: "payses_1" } },
      { id: "pay_1" }
    )
    await deliver(container)
    expect(payments).toHaveBeenCalledWith(container, [{ id: "pay_1" }])
    expect(sessions).not.toHaveBeenCalled()
  })

  it("leaves authorised and captured to Medusa, and a forgery to nobody", async () => {
    for (const verdict of [
      { action: "authorized", data: { session_id: "payses_1" } },
      { action: "captured", data: { session_id: "payses_1" } },
      { action: "not_supported" },
    ]) {
      const { container, lines } = medusa(verdict)
      await deliver(container)
      expect(lines).toHaveLength(1)
    }
    expect(sessions).not.toHaveBeenCalled()
    expect(payments).not.toHaveBeenCalled()
  })

  it("ignores other providers' webhooks", async () => {
    const { container, lines } = medusa({
      action: "failed",
      data: { session_id: "payses_1" },
    })
    await deliver(container, "stripe")
    expect(lines).toEqual([])
    expect(sessions).not.toHaveBeenCalled()
  })
})
