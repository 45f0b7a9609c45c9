import {
  useMemoryModule,
  dropMemoryModule,
} from "../modules/acquiring/__fixtures__/memory-module"
import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { memorySessionStates } from "../accounts/__fixtures__/test-gateway"
import paymentCaptured from "./payment-captured-subscriber"

const CARD = "pp_acquiring-card_acquiring"

/** A container with the payment module, the locking module and a logger, recording what they were asked. */
function medusa(payment: Record<string, unknown>) {
  const updates: unknown[] = []
  const locked: string[] = []
  const services: Record<string, unknown> = {
    [Modules.PAYMENT]: {
      retrievePayment: async () => payment,
      updatePayment: async (update: unknown) => updates.push(update),
    },
    [Modules.LOCKING]: {
      execute: async (key: string, job: () => Promise<unknown>) => {
        locked.push(key)
        return job()
      },
    },
    logger: { info: () => undefined },
  }
  const container = {
    resolve: (key: string) => services[key],
  } as unknown as MedusaContainer
  return { container, updates, locked }
}

function run(container: MedusaContainer) {
  return paymentCaptured({
    event: { name: "payment.captured", data: { id: "pay_1" } },
    container,
    pluginOptions: {},
  } as never)
}

describe("payment.captured: a partial capture completes the payment", () => {
  const states = memorySessionStates()
  beforeAll(() => useMemoryModule(states))
  afterAll(() => dropMemoryModule())

  beforeEach(async () => {
    await states.write("payses_1", {
      session_id: "payses_1",
      status: "captured",
      amount: "15.00",
      currency: "USD",
      captured_amount: "10.00",
    })
  })

  const payment = (overrides: Record<string, unknown> = {}) => ({
    id: "pay_1",
    provider_id: CARD,
    data: { session_id: "payses_1", status: "captured" },
    captured_at: null,
    currency_code: "usd",
    captures: [{ raw_amount: { value: "10", precision: 20 }, amount: 10 }],
    ...overrides,
  })

  it("marks the payment captured under its lock once Medusa holds the captured part", async () => {
    const { container, updates, locked } = medusa(payment())
    await run(container)
    expect(locked).toEqual(["acquiring:payment:pay_1"])
    expect(updates).toEqual([{ id: "pay_1", captured_at: expect.any(Date) }])
  })

  it("leaves it while Medusa's captures differ from what the acquirer captured", async () => {
    const { container, updates } = medusa(
      payment({ captures: [{ raw_amount: { value: "9.99", precision: 20 } }] })
    )
    await run(container)
    expect(updates).toEqual([])
  })

  it("leaves a payment already captured, or another provider's", async () => {
    for (const other of [
      payment({ captured_at: new Date() }),
      payment({ provider_id: "pp_system_default" }),
    ]) {
      const { container, updates } = medusa(other)
      await run(container)
      expect(updates).toEqual([])
    }
  })

  it("leaves a full capture to Medusa (no captured part recorded)", async () => {
    await states.write("payses_1", {
      session_id: "payses_1",
      status: "captured",
      amount: "15.00",
      currency: "USD",
    })
    const { container, updates } = medusa(
      payment({ captures: [{ raw_amount: { value: "15", precision: 20 } }] })
    )
    await run(container)
    expect(updates).toEqual([])
  })
})
