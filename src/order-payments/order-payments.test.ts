import {
  useMemoryModule,
  dropMemoryModule,
} from "../modules/acquiring/__fixtures__/memory-module"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { memorySessionStates } from "../accounts/__fixtures__/test-gateway"
import {
  orderNosOfOrders,
  orderRefText,
  ordersOfPayments,
} from "./order-payments"

type Graph = { entity: string; filters: Record<string, unknown[]> }

/** A container whose query answers the rows whose field matches a filter value. */
function containerWith(rows: Record<string, Record<string, unknown>[]>) {
  const asked: Graph[] = []
  const query = {
    async graph(request: Graph) {
      asked.push(request)
      const [[field, values]] = Object.entries(request.filters)
      return {
        data: (rows[request.entity] ?? []).filter((row) =>
          values.includes(row[field])
        ),
      }
    },
  }
  const container = {
    resolve: (key: string) => {
      if (key !== ContainerRegistrationKeys.QUERY) throw new Error(key)
      return query
    },
  } as Pick<MedusaContainer, "resolve"> as MedusaContainer
  return { container, asked }
}

const ORDERS = [
  {
    id: "order_01A",
    display_id: 12,
    payment_collections: [
      {
        payments: [
          // the state in the plugin's table, keyed by the session id
          {
            provider_id: "pp_acquiring-card_acquiring",
            data: { session_id: "payses_1" },
          },
          { provider_id: "pp_system_default", data: {} },
        ],
      },
    ],
  },
  {
    id: "order_01B",
    display_id: 13,
    payment_collections: [
      { payments: [{ provider_id: "pp_system_default", data: {} }] },
    ],
  },
]

describe("orders beside their acquiring payments", () => {
  const states = memorySessionStates()
  beforeAll(async () => {
    await states.write("payses_1", {
      session_id: "payses_1",
      order_no: "MED12a",
    })
    useMemoryModule(states)
  })
  afterAll(() => dropMemoryModule())

  it("finds the order numbers of orders named by display id or id, and the ones that name none", async () => {
    const { container, asked } = containerWith({ order: ORDERS })
    const found = await orderNosOfOrders(container, [
      { display_id: 12 },
      { id: "order_01A" },
      { display_id: 13 },
      { display_id: 99 },
    ])
    expect(found.order_nos).toEqual(["MED12a"])
    expect(found.unmatched.map(orderRefText)).toEqual(["#13", "#99"])
    expect(asked.map((a) => a.filters)).toEqual([
      { display_id: [12, 13, 99] },
      { id: ["order_01A"] },
    ])
  })

  it("asks nothing for no orders", async () => {
    const { container, asked } = containerWith({ order: ORDERS })
    expect(await orderNosOfOrders(container, [])).toEqual({
      order_nos: [],
      unmatched: [],
    })
    expect(asked).toEqual([])
  })

  it("names the order of each payment", async () => {
    const { container } = containerWith({
      payment: [
        {
          id: "pay_1",
          payment_collection: { order: { id: "order_01A", display_id: 12 } },
        },
        { id: "pay_2", payment_collection: { order: null } },
      ],
    })
    const orders = await ordersOfPayments(container, ["pay_1", "pay_2"])
    expect(Object.fromEntries(orders)).toEqual({
      pay_1: { id: "order_01A", display_id: 12 },
    })
  })
})
