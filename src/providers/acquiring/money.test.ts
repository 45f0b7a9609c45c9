import {
  GatewayRefusedError,
  SignatureMismatchError,
  TransportError,
  type QueryEntry,
  type VerifiedResult,
} from "../../gateway/index"
import {
  scriptedGateway,
  testCore,
} from "../../accounts/__fixtures__/test-gateway"
import type { SessionData } from "../../payment-sessions/session-data"
import type { CardEntry } from "../../authorization/card-entry"
import { authorizeCard } from "../../authorization/authorize-card"
import { capturePayment } from "../../capture/capture"
import { OutcomePendingError } from "../../journal/errors"
import { refundPayment } from "../../refunds/refunds"
import { voidPayment } from "../../cancellation/void"

const CARD: CardEntry = {
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

const lost = () =>
  new TransportError("authorise", "timed out", {
    timed_out: true,
    may_have_reached_gateway: true,
  })

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

const entry = (
  order_no: string,
  payment_status: string,
  query_result = "1"
): QueryEntry => ({
  order_no,
  transaction_id: "T1",
  payment_status,
  query_result,
})

describe("card authorisation", () => {
  it("writes the attempt before the request leaves, sends the card in memory only, keeps the mask", async () => {
    const { save, saved } = saver()
    let savedBeforeSend = 0
    const { gateway, calls } = scriptedGateway({
      authorize: async (order) => {
        savedBeforeSend = saved.length
        return approved(order.order_no)
      },
    })
    const core = testCore(gateway)
    const outcome = await authorizeCard(core, fresh, CARD, save)
    expect(savedBeforeSend).toBe(1)
    expect(saved[0].attempts).toEqual([
      expect.objectContaining({ kind: "authorise", state: "sent" }),
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
    expect(JSON.stringify(saved)).not.toContain("4242424242424242")
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

const capturedPayment: SessionData = {
  session_id: "payses_1",
  order_no: "MEDaaaaaaaaaaaaaaaaaaaaaaaa",
  transaction_id: "T1",
  status: "captured",
  amount: "15.00",
  currency: "USD",
  attempts: [
    {
      order_no: "MEDaaaaaaaaaaaaaaaaaaaaaaaa",
      kind: "authorise",
      state: "captured",
      at: "2026-11-23T10:00:00Z",
      transaction_id: "T1",
    },
  ],
}
const authorizedPayment: SessionData = {
  ...capturedPayment,
  status: "authorized",
  attempts: [{ ...capturedPayment.attempts![0], state: "authorized" }],
}

describe("refunds", () => {
  it("refuses a new refund while an earlier one is unsettled, then records what the acquirer made without sending again", async () => {
    let refundCalls = 0
    let listed: unknown[] = []
    const { gateway } = scriptedGateway({
      refund: async () => {
        refundCalls += 1
        throw new TransportError("refund", "timed out", {
          timed_out: true,
          may_have_reached_gateway: true,
        })
      },
      retrieveRefunds: async () => listed as never,
    })
    const core = testCore(gateway)
    await expect(
      refundPayment(core, capturedPayment, { amount: "5", reference: "ref_1" })
    ).rejects.toBeInstanceOf(OutcomePendingError)
    expect(core.journal.operations[0]).toMatchObject({
      kind: "refund",
      state: "unknown",
      amount: "5.00",
      reference: "ref_1",
    })

    await expect(
      refundPayment(core, capturedPayment, { amount: "5", reference: "ref_2" })
    ).rejects.toThrow(
      /earlier refund of this payment \(5.00 USD\) is still being confirmed/
    )
    expect(refundCalls).toBe(1)

    // the acquirer did make it: the refund search finds it by Medusa's refund id
    listed = [
      {
        order_no: capturedPayment.order_no,
        refund_amount: "5.00",
        refund_reference_id: "T1-01",
        refund_reason: "Medusa refund ref_1",
        refund_status: "1",
      },
    ]
    // the merchant asks again: told the earlier refund was made, nothing sent
    await expect(
      refundPayment(core, capturedPayment, { amount: "5", reference: "ref_3" })
    ).rejects.toThrow(/has now been confirmed as made at the acquirer/)
    expect(refundCalls).toBe(1)
    expect(core.journal.operations[0].state).toBe("done")
    // Medusa's refund workflow run by the reconcile job records it, without sending one
    const recorded = await refundPayment(core, capturedPayment, {
      amount: "5",
      reference: "ref_4",
    })
    expect(refundCalls).toBe(1)
    expect(recorded.refunds).toEqual([
      {
        refund_reference_id: "T1-01",
        amount: "5.00",
        idempotency_key: "ref_4",
      },
    ])
    expect(core.journal.operations[0].state).toBe("recorded")
  })

  it("converts Medusa's BigNumber exactly and rounds once, half-up, to the currency's digits", async () => {
    const sent: string[] = []
    const { gateway } = scriptedGateway({
      refund: async (entry) => {
        sent.push(entry.refund_amount)
        return { ...entry, ok: true, refund_reference_id: "T1-01" } as never
      },
      retrieveRefunds: async () => [],
    })
    await refundPayment(testCore(gateway), capturedPayment, {
      amount: { value: "5.005", precision: 20 } as never,
      reference: "r1",
    })
    await refundPayment(
      testCore(gateway),
      { ...capturedPayment, amount: "1.250", currency: "KWD" },
      { amount: "0.3335", reference: "r2" }
    )
    expect(sent).toEqual(["5.01", "0.334"])
  })

  it("searches refunds only while stored data may be stale: never around answered refunds, once after a lost answer", async () => {
    let lose = false
    const { gateway, calls } = scriptedGateway({
      refund: async (entry) => {
        if (lose) throw lost()
        return { ...entry, ok: true, refund_reference_id: "T1-01" } as never
      },
      retrieveRefunds: async () => [],
    })
    const core = testCore(gateway)
    await refundPayment(core, capturedPayment, {
      amount: "5.00",
      reference: "r1",
    })
    await refundPayment(core, capturedPayment, {
      amount: "2.00",
      reference: "r2",
    })
    expect(calls.map((c) => c.method)).toEqual(["refund", "refund"])

    // the answer is lost: the journal now holds an unsettled refund, so the stored data may be stale
    lose = true
    await expect(
      refundPayment(core, capturedPayment, { amount: "1.00", reference: "r3" })
    ).rejects.toThrow(/outcome is being confirmed/)
    expect(calls.slice(2).map((c) => c.method)).toEqual([
      "refund",
      "retrieveRefunds",
    ])
    await expect(
      refundPayment(core, capturedPayment, { amount: "1.00", reference: "r4" })
    ).rejects.toThrow(/still being confirmed/)
    expect(calls.slice(4).map((c) => c.method)).toEqual(["retrieveRefunds"])
  })
})

describe("capture and void", () => {
  it("never captures a payment whose order was cancelled", async () => {
    const { gateway, calls } = scriptedGateway({})
    await expect(
      capturePayment(testCore(gateway), {
        ...authorizedPayment,
        void_pending: true,
      })
    ).rejects.toThrow(/canceled/)
    expect(calls).toEqual([])
  })

  it("a capture whose answer is lost counts once the status query shows it captured", async () => {
    const { gateway } = scriptedGateway({
      capture: async () => {
        throw lost()
      },
      retrieveTransactions: async () => [
        entry(authorizedPayment.order_no!, "3000"),
      ],
    })
    expect(
      (await capturePayment(testCore(gateway), authorizedPayment)).status
    ).toBe("captured")
  })

  it("a void whose outcome is unknown marks the payment void_pending instead of failing the cancellation", async () => {
    const { gateway } = scriptedGateway({
      cancel: async () => {
        throw lost()
      },
      retrieveTransactions: async () => {
        throw lost()
      },
    })
    const core = testCore(gateway)
    const data = await voidPayment(core, authorizedPayment)
    expect(data.void_pending).toBe(true)
    expect(core.journal.operations[0]).toMatchObject({
      kind: "void",
      state: "unknown",
    })
  })
})
