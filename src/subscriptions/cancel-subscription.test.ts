import {
  GatewayRefusedError,
  InvalidInputError,
  SignatureMismatchError,
  TransportError,
} from "../gateway/index"
import {
  scriptedGateway,
  testCore,
} from "../accounts/__fixtures__/test-gateway"
import type { SessionData } from "../payment-sessions/session-data"
import { cancelSubscription } from "./cancel-subscription"

const NOW = () => new Date("2026-11-23T12:00:00.000Z")

const paid: SessionData = {
  session_id: "payses_1",
  status: "captured",
  amount: "15.00",
  currency: "USD",
  order_no: "MED00000000000000000000001",
  transaction_id: "T1",
  subscription: {
    contract_name: "Coffee club",
    recurring_id: "RC1",
    deduction_period: "1 month",
    deduction_time: "2026-12-23 12:00:00",
  },
}

describe("cancelSubscription", () => {
  it("journals the request before it leaves and records the acquirer's confirmation", async () => {
    let journalledBeforeSend = false
    const { gateway, calls } = scriptedGateway({
      cancelSubscription: async () => {
        journalledBeforeSend = core.journal.operations.some(
          (op) => op.kind === "cancel_subscription" && op.state === "sent"
        )
        return {
          merchant_id: "m",
          account_id: "a",
          return_status: "1",
          return_message: "0000:Success",
        }
      },
    })
    const core = testCore(gateway)
    const out = await cancelSubscription(core, paid, "pay_1", NOW)
    expect(journalledBeforeSend).toBe(true)
    expect(calls[0].args[0]).toEqual({
      recurring_id: "RC1",
      contract_name: "Coffee club",
    })
    expect(out).toMatchObject({ outcome: "cancelled", repeated: false })
    expect(out.data.subscription?.cancellation).toEqual({
      state: "cancelled",
      at: "2026-11-23T12:00:00.000Z",
      result: { code: "0000", text: "Success" },
    })
    expect(core.journal.operations).toMatchObject([
      {
        kind: "cancel_subscription",
        state: "done",
        reference: "RC1",
        payment_id: "pay_1",
        order_no: paid.order_no,
      },
    ])
  })

  it("a cancelled subscription is not sent again", async () => {
    const { gateway, calls } = scriptedGateway({})
    const data: SessionData = {
      ...paid,
      subscription: {
        ...paid.subscription,
        cancellation: { state: "cancelled", at: "2026-11-22T00:00:00.000Z" },
      },
    }
    const out = await cancelSubscription(testCore(gateway), data, "pay_1")
    expect(out).toMatchObject({ outcome: "cancelled", repeated: true })
    expect(out.data).toBe(data)
    expect(calls).toEqual([])
  })

  it.each([
    [
      "a lost answer",
      new TransportError("cancel_subscription", "timed out", {
        timed_out: true,
        may_have_reached_gateway: true,
      }),
    ],
    ["a forged answer", new SignatureMismatchError("cancel_subscription")],
  ])("%s is unknown: never taken as cancelled", async (_what, error) => {
    const { gateway } = scriptedGateway({
      cancelSubscription: async () => {
        throw error
      },
    })
    const core = testCore(gateway)
    const out = await cancelSubscription(core, paid, "pay_1", NOW)
    expect(out.outcome).toBe("unknown")
    expect(out.data.subscription?.cancellation?.state).toBe("unknown")
    expect(core.journal.operations[0].state).toBe("unknown")
  })

  it("E0005 (no longer active) confirms an earlier cancellation; another refusal leaves it running", async () => {
    const refusing = (code: string) =>
      scriptedGateway({
        cancelSubscription: async () => {
          throw new GatewayRefusedError("cancel_subscription", code, "no")
        },
      }).gateway
    const unknown: SessionData = {
      ...paid,
      subscription: {
        ...paid.subscription,
        cancellation: { state: "unknown", at: "2026-11-22T00:00:00.000Z" },
      },
    }
    const confirmed = await cancelSubscription(
      testCore(refusing("E0005")),
      unknown,
      "pay_1"
    )
    expect(confirmed.outcome).toBe("cancelled")
    expect(confirmed.data.subscription?.cancellation?.result?.code).toBe(
      "E0005"
    )
    const refused = await cancelSubscription(
      testCore(refusing("E0004")),
      paid,
      "pay_1"
    )
    expect(refused.outcome).toBe("refused")
    expect(refused.data.subscription?.cancellation?.state).toBe("refused")
  })

  it("input the client refuses before sending settles the journal as refused and throws", async () => {
    const { gateway } = scriptedGateway({
      cancelSubscription: async () => {
        throw new InvalidInputError("recurring_id", "must not be empty")
      },
    })
    const core = testCore(gateway)
    await expect(cancelSubscription(core, paid, "pay_1")).rejects.toThrow(
      /recurring_id/
    )
    expect(core.journal.operations[0].state).toBe("refused")
  })

  it("a payment without subscription is refused before anything is journalled", async () => {
    const { gateway } = scriptedGateway({})
    const core = testCore(gateway)
    const { subscription: _s, ...plain } = paid
    await expect(cancelSubscription(core, plain, "pay_1")).rejects.toThrow(
      /no subscription/
    )
    expect(core.journal.operations).toEqual([])
  })
})
