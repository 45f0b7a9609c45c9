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
function medusa(
  payment: Record<string, unknown>,
  collection: Record<string, unknown> = {
    id: "pay_col_1",
    amount: 15,
    raw_amount: { value: "15", precision: 20 },
    captured_amount: 10,
    status: "authorized",
    currency_code: "usd",
    // as the collection reads once the payment was recorded at what was captured
    payments: [
      {
        ...payment,
        captured_at: new Date(),
        amount: 10,
        raw_amount: { value: "10", precision: 20 },
      },
    ],
  }
) {
  const updates: unknown[] = []
  const collections: unknown[] = []
  const locked: string[] = []
  const services: Record<string, unknown> = {
    [Modules.PAYMENT]: {
      retrievePayment: async () => payment,
      updatePayment: async (update: unknown) => updates.push(update),
      retrievePaymentCollection: async () => collection,
      updatePaymentCollections: async (id: string, update: unknown) =>
        collections.push({ id, ...(update as object) }),
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
  return { container, updates, collections, locked }
}

function run(container: MedusaContainer) {
  return paymentCaptured({
    event: { name: "payment.captured", data: { id: "pay_1" } },
    container,
    pluginOptions: {},
  } as never)
}

describe("payment.captured: a partial capture is recorded as the acquirer made it", () => {
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
    amount: 15,
    raw_amount: { value: "15", precision: 20 },
    payment_collection_id: "pay_col_1",
    currency_code: "usd",
    captures: [{ raw_amount: { value: "10", precision: 20 }, amount: 10 }],
    ...overrides,
  })

  it("records the payment captured at what was captured, under its lock, and its collection asking no more (completed)", async () => {
    const { container, updates, collections, locked } = medusa(payment())
    await run(container)
    expect(locked).toEqual(["acquiring:payment:pay_1"])
    expect(updates).toEqual([
      { id: "pay_1", amount: "10.00", captured_at: expect.any(Date) },
    ])
    expect(collections).toEqual([
      { id: "pay_col_1", amount: "10.00", status: "completed" },
    ])
  })

  it("mends only the collection when the payment was recorded before (a run cut short between its writes)", async () => {
    const { container, updates, collections } = medusa(
      payment({
        captured_at: new Date(),
        amount: 10,
        raw_amount: { value: "10", precision: 20 },
      })
    )
    await run(container)
    expect(updates).toEqual([])
    expect(collections).toEqual([
      { id: "pay_col_1", amount: "10.00", status: "completed" },
    ])
  })

  it("leaves a collection another payment on it still holds money for", async () => {
    const { container, updates, collections } = medusa(payment(), {
      id: "pay_col_1",
      amount: 30,
      captured_amount: 10,
      status: "authorized",
      currency_code: "usd",
      payments: [
        { id: "pay_1", amount: 10, captured_at: new Date() },
        { id: "pay_2", amount: 15, captured_at: null },
      ],
    })
    await run(container)
    expect(updates).toHaveLength(1)
    expect(collections).toEqual([])
  })

  it("leaves it while Medusa's captures differ from what the acquirer captured", async () => {
    const { container, updates } = medusa(
      payment({ captures: [{ raw_amount: { value: "9.99", precision: 20 } }] })
    )
    await run(container)
    expect(updates).toEqual([])
  })

  it("leaves another provider's payment", async () => {
    const { container, updates, collections } = medusa(
      payment({ provider_id: "pp_system_default" })
    )
    await run(container)
    expect(updates).toEqual([])
    expect(collections).toEqual([])
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
