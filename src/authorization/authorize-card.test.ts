import {
  GatewayRefusedError,
  SignatureMismatchError,
  type VerifiedResult,
} from "../gateway/index"
import {
  scriptedGateway,
  testCore,
} from "../accounts/__fixtures__/test-gateway"
import {
  lostAnswer as lost,
  queryEntry as entry,
} from "../accounts/__fixtures__/payment-records"
import type { SessionData } from "../payment-sessions/session-data"
import { authorizeCard, type CardPayment } from "./authorize-card"
import { OutcomePendingError } from "../journal/errors"
import { TransportError } from "../gateway/index"
import {
  useMemoryModule,
  dropMemoryModule,
} from "../modules/acquiring/__fixtures__/memory-module"
import { memorySessionStates } from "../accounts/__fixtures__/test-gateway"

const CARD: CardPayment = {
  kind: "typed",
  card: {
    number: "4242424242424242",
    expiry_month: "12",
    expiry_year: "2030",
    security_code: "123",
  },
  holder: { first_name: "Ada", last_name: "Lovelace" },
}

const fresh: SessionData = {
  session_id: "payses_1",
  status: "pending",
  amount: "15.00",
  currency: "USD",
  attempts: [],
}

function saver() {
  const saved: SessionData[] = []
  return {
    saved,
    save: async (data: SessionData) => (
      saved.push(structuredClone(data)),
      data
    ),
  }
}

function approved(order_no: string): VerifiedResult {
  return {
    order_no,
    transaction_id: "T1",
    amount: "15.00",
    currency: "USD",
    order_status: "1",
    card: "424242******4242",
    result_info: "0000:Success",
    result: { code: "0000", text: "Success" },
  } as VerifiedResult
}

describe("card authorisation", () => {
  let states: ReturnType<typeof memorySessionStates>
  beforeEach(() => {
    states = memorySessionStates()
    useMemoryModule(states)
  })
  afterAll(() => dropMemoryModule())

  it("writes the attempt to the plugin's record before the request leaves, and Medusa's copy with the answer; sends the card in memory only, keeps the mask", async () => {
    const { save, saved } = saver()
    let recordBeforeSend: SessionData | undefined
    let medusaWritesBeforeSend = -1
    const { gateway, calls } = scriptedGateway({
      authorize: async (order) => {
        recordBeforeSend = structuredClone(
          states.rows.get("payses_1") as SessionData
        )
        medusaWritesBeforeSend = saved.length
        return approved(order.order_no)
      },
    })
    const core = testCore(gateway)
    const outcome = await authorizeCard(core, fresh, CARD, save)
    expect(recordBeforeSend?.attempts).toEqual([
      expect.objectContaining({ kind: "authorise", state: "sent" }),
    ])
    expect(medusaWritesBeforeSend).toBe(0)
    expect(saved).toHaveLength(1)
    expect(saved[0].attempts).toEqual([
      expect.objectContaining({ kind: "authorise", state: "authorized" }),
    ])
    expect(core.journal.operations[0]).toMatchObject({
      kind: "authorise",
      state: "done",
    })
    expect(outcome).toMatchObject({
      kind: "answered",
      data: { status: "authorized", card_masked: "424242******4242" },
    })
    expect((calls[0].args[0] as { card: string }).card).toBe("4242424242424242")
    expect(JSON.stringify([saved, [...states.rows]])).not.toContain(
      "4242424242424242"
    )
    expect(JSON.stringify(core.journal.operations)).not.toContain(
      "4242424242424242"
    )
  })

  it.each([
    ["a time-out", lost()],
    ["an unverifiable answer", new SignatureMismatchError("result")],
    ["garbage", new SyntaxError("Unexpected token < in XML")],
  ])(
    "settles %s by the status query at once when the acquirer answers it",
    async (_what, failure) => {
      const { save } = saver()
      const { gateway } = scriptedGateway({
        authorize: async () => {
          throw failure
        },
        retrieveTransactions: async (selector) => [
          entry((selector as { order_nos: string[] }).order_nos[0], "2000"),
        ],
      })
      const outcome = await authorizeCard(testCore(gateway), fresh, CARD, save)
      expect(outcome).toMatchObject({
        kind: "answered",
        data: { status: "authorized", transaction_id: "T1" },
      })
    }
  )

  it("leaves a lost answer unknown when the status query cannot settle it, and never charges again meanwhile", async () => {
    const { save } = saver()
    const { gateway, calls } = scriptedGateway({
      authorize: async () => {
        throw lost()
      },
      retrieveTransactions: async () => {
        throw new TransportError("retrieval_trans", "reset", {
          timed_out: false,
          may_have_reached_gateway: true,
        })
      },
    })
    const core = testCore(gateway)
    const outcome = await authorizeCard(core, fresh, CARD, save)
    expect(outcome.kind).toBe("outcome_pending")
    expect(outcome.data.attempts![0].state).toBe("unknown")
    expect(core.journal.operations[0].state).toBe("unknown")
    await expect(
      authorizeCard(core, outcome.data, CARD, save)
    ).rejects.toBeInstanceOf(OutcomePendingError)
    expect(calls.filter((c) => c.method === "authorize")).toHaveLength(1)
  })

  it("a session already paid is never charged again", async () => {
    const { save } = saver()
    const { gateway, calls } = scriptedGateway({
      authorize: async (order) => approved(order.order_no),
    })
    const core = testCore(gateway)
    const first = await authorizeCard(core, fresh, CARD, save)
    const second = await authorizeCard(core, first.data, CARD, save)
    expect(second.data.status).toBe("authorized")
    expect(calls.filter((c) => c.method === "authorize")).toHaveLength(1)
  })

  it("a decline is a result; the next card gets a new order number", async () => {
    const { save } = saver()
    const { gateway, calls } = scriptedGateway({
      authorize: async () => {
        throw new GatewayRefusedError(
          "authorise",
          "E0008",
          "Declined by issuer"
        )
      },
    })
    const outcome = await authorizeCard(testCore(gateway), fresh, CARD, save)
    expect(outcome.data).toMatchObject({
      status: "error",
      result: { code: "E0008", text: "Declined by issuer" },
    })
    await authorizeCard(testCore(gateway), outcome.data, CARD, save)
    const numbers = calls.map(
      (c) => (c.args[0] as { order_no: string }).order_no
    )
    expect(new Set(numbers).size).toBe(2)
  })
})
