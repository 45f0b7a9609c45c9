import {
  useMemoryModule,
  dropMemoryModule,
} from "../../modules/acquiring/__fixtures__/memory-module"
import {
  memorySessionStates,
  scriptedGateway,
  TEST_OPTIONS,
  testCore,
} from "../../accounts/__fixtures__/test-gateway"
import type { ProviderCore } from "../../accounts/core"
import { AcquiringCardProvider } from "./card-provider"
import { PaymentsUnavailableError } from "../../accounts/payments-unavailable"

/** The card provider as Medusa builds it, on a test core (no gateway call expected). */
class TestCardProvider extends AcquiringCardProvider {
  constructor(private readonly testCore: ProviderCore) {
    const configModule = {
      modules: {
        payment: {
          options: {
            providers: [
              {
                resolve: "./providers/acquiring",
                id: "acquiring",
                options: TEST_OPTIONS,
              },
            ],
          },
        },
      },
    }
    super({ configModule }, TEST_OPTIONS as never)
  }

  protected override core(): Promise<ProviderCore> {
    return Promise.resolve(this.testCore)
  }
}

const AUTHORIZED = {
  session_id: "payses_1",
  status: "authorized",
  amount: "15.00",
  currency: "USD",
  order_no: "MED1",
  transaction_id: "T1",
  attempts: [
    {
      order_no: "MED1",
      kind: "authorise",
      state: "authorized",
      at: "2026-11-24T10:00:00.000Z",
      transaction_id: "T1",
    },
  ],
  client: { shopper_ip: "203.0.113.9" },
}

describe("the provider and the plugin's session table", () => {
  let states: ReturnType<typeof memorySessionStates>
  let provider: TestCardProvider
  beforeEach(() => {
    states = memorySessionStates()
    useMemoryModule(states)
    provider = new TestCardProvider(testCore(scriptedGateway({}).gateway))
  })
  afterAll(() => dropMemoryModule())

  it("answers the plugin's own save with the view, reading nothing, when the amount is the one it holds", async () => {
    const read = jest.spyOn(states, "read")
    const answer = await provider.updatePayment({
      data: {
        session_id: "payses_1",
        status: "authorized",
        order_no: undefined,
        amount: "15.00",
        currency: "USD",
      },
      amount: 15,
      currency_code: "usd",
    } as never)
    expect(read).not.toHaveBeenCalled()
    expect(JSON.parse(JSON.stringify(answer.data))).toEqual({
      session_id: "payses_1",
      status: "authorized",
    })
  })

  it("reads the table for anything else, and keeps a new amount there, never in Medusa's data", async () => {
    await states.write("payses_1", {
      ...AUTHORIZED,
      status: "pending",
      attempts: [],
    })
    const answer = await provider.updatePayment({
      data: { session_id: "payses_1", status: "pending" },
      amount: 20,
      currency_code: "usd",
    } as never)
    expect(states.rows.get("payses_1")).toMatchObject({ amount: "20.00" })
    expect(JSON.stringify(answer.data)).not.toContain("20.00")
  })

  it("does not write back a state an authorisation left as it was", async () => {
    await states.write("payses_1", AUTHORIZED)
    const write = jest.spyOn(states, "write")
    const answer = await provider.authorizePayment({
      data: { session_id: "payses_1", status: "authorized" },
    } as never)
    expect(answer.status).toBe("authorized")
    expect(write).not.toHaveBeenCalled()
  })

  it("keeps the money held when Medusa rolls back a recording that lost a race (a cancel without a payment id)", async () => {
    const scripted = scriptedGateway({})
    const racing = new TestCardProvider(testCore(scripted.gateway))
    await states.write("payses_1", AUTHORIZED)
    const answer = await racing.cancelPayment({
      data: { session_id: "payses_1", status: "authorized" },
      context: {},
    } as never)
    expect(scripted.calls).toEqual([])
    expect(states.rows.get("payses_1")).toMatchObject({
      status: "authorized",
      transaction_id: "T1",
    })
    expect(answer.data).toMatchObject({ status: "authorized" })
  })

  it("moves a session of the old shape to the table, even when nothing else changed", async () => {
    const answer = await provider.authorizePayment({
      data: AUTHORIZED,
    } as never)
    expect(answer.status).toBe("authorized")
    expect(states.rows.get("payses_1")).toMatchObject({
      order_no: "MED1",
      client: { shopper_ip: "203.0.113.9" },
    })
    expect(JSON.stringify(answer.data)).not.toContain("203.0.113.9")
  })
})

/** The card provider whose account cannot be used (here: the settings key changed). */
class UnconfiguredCardProvider extends TestCardProvider {
  protected override core(): Promise<ProviderCore> {
    return Promise.reject(
      new PaymentsUnavailableError(
        'Acquiring account "Sandbox": the stored sign key cannot be decrypted'
      )
    )
  }
}

describe("a configuration fault at cart completion", () => {
  afterAll(() => dropMemoryModule())

  it("refuses with the neutral sentence; the reason goes to the log", async () => {
    const states = memorySessionStates()
    useMemoryModule(states)
    await states.write("payses_1", AUTHORIZED)
    const provider = new UnconfiguredCardProvider(
      testCore(scriptedGateway({}).gateway)
    )
    const logged = jest.spyOn(console, "error").mockImplementation(() => {})
    try {
      const refusal = provider.authorizePayment({
        data: { session_id: "payses_1", status: "authorized" },
      } as never)
      await expect(refusal).rejects.toThrow(
        "Card payments are unavailable right now. Please try again later or choose another payment method."
      )
      await expect(refusal).rejects.not.toThrow(/Sandbox|decrypted/)
      expect(logged.mock.calls.flat().join("\n")).toContain(
        "the stored sign key cannot be decrypted"
      )
    } finally {
      logged.mockRestore()
    }
  })
})
