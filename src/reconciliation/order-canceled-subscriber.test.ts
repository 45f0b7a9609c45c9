import {
  useMemoryModule,
  dropMemoryModule,
} from "../modules/acquiring/__fixtures__/memory-module"
import type { MedusaContainer } from "@medusajs/framework/types"
import { memorySessionStates } from "../accounts/__fixtures__/test-gateway"
import { reconcilePayments } from "./payments"
import orderCanceled from "./order-canceled-subscriber"

jest.mock("./payments", () => ({
  reconcilePayments: jest.fn(async () => new Map()),
}))

const reconciled = reconcilePayments as jest.MockedFunction<
  typeof reconcilePayments
>

function withOrder(payments: Record<string, unknown>[]): MedusaContainer {
  const query = {
    graph: async () => ({
      data: [{ id: "order_1", payment_collections: [{ payments }] }],
    }),
  }
  return { resolve: () => query } as unknown as MedusaContainer
}

describe("order.canceled: voids still to be confirmed are retried at once", () => {
  const states = memorySessionStates()
  beforeAll(async () => {
    useMemoryModule(states)
    await states.write("payses_waiting", {
      session_id: "payses_waiting",
      status: "canceled",
      void_pending: true,
    })
    await states.write("payses_done", {
      session_id: "payses_done",
      status: "canceled",
    })
  })
  afterAll(() => dropMemoryModule())
  beforeEach(() => reconciled.mockClear())

  const payment = (id: string, session: string, provider_id: string) => ({
    id,
    provider_id,
    data: { session_id: session, status: "canceled" },
    captured_at: null,
    canceled_at: new Date(),
  })

  it("reconciles only the acquiring payments whose void the acquirer has not confirmed", async () => {
    await orderCanceled({
      event: { name: "order.canceled", data: { id: "order_1" } },
      container: withOrder([
        payment("pay_waiting", "payses_waiting", "pp_acquiring-card_acquiring"),
        payment("pay_done", "payses_done", "pp_acquiring-hosted_acquiring"),
        payment("pay_other", "payses_waiting", "pp_system_default"),
      ]),
      pluginOptions: {},
    } as never)
    expect(reconciled).toHaveBeenCalledTimes(1)
    expect(reconciled.mock.calls[0][1].map((p) => p.id)).toEqual([
      "pay_waiting",
    ])
  })

  it("does nothing when every void is confirmed", async () => {
    await orderCanceled({
      event: { name: "order.canceled", data: { id: "order_1" } },
      container: withOrder([
        payment("pay_done", "payses_done", "pp_acquiring-card_acquiring"),
      ]),
      pluginOptions: {},
    } as never)
    expect(reconciled).not.toHaveBeenCalled()
  })
})
