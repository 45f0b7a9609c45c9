import {
  scriptedGateway,
  testCore,
} from "../accounts/__fixtures__/test-gateway"
import type { SessionData } from "../payment-sessions/session-data"
import { capturePayment } from "./capture"
import {
  authorizedPayment,
  lostAnswer,
  queryEntry,
} from "../accounts/__fixtures__/payment-records"
import { refundPayment } from "../refunds/refunds"

const ORDER_NO = "MEDbbbbbbbbbbbbbbbbbbbbbbbb"

const authorized: SessionData = {
  session_id: "payses_1",
  order_no: ORDER_NO,
  transaction_id: "T1",
  status: "authorized",
  amount: "15.00",
  currency: "USD",
  attempts: [
    {
      order_no: ORDER_NO,
      kind: "authorise",
      state: "authorized",
      at: "2026-11-24T10:00:00Z",
      transaction_id: "T1",
    },
  ],
}

const queried = (payment_status: string) => queryEntry(ORDER_NO, payment_status)

const lost = () => lostAnswer("capture")

function capturing() {
  const sent: string[] = []
  const script = scriptedGateway({
    capture: async (entry) => {
      sent.push(entry.amount)
      return { ...entry, ok: true } as never
    },
  })
  return { ...script, sent, core: testCore(script.gateway) }
}

describe("capture amounts", () => {
  it("sends the amount of Medusa's capture and keeps what was captured when it is a part", async () => {
    const { core, sent } = capturing()
    const data = await capturePayment(core, authorized, {
      amount: { value: "10", precision: 20 },
    })
    expect(sent).toEqual(["10.00"])
    expect(data).toMatchObject({ status: "captured", captured_amount: "10.00" })
    expect(core.journal.operations[0]).toMatchObject({
      kind: "capture",
      state: "done",
      amount: "10.00",
    })
    expect(core.lines.join("\n")).toMatch(/5\.00 USD released/)
  })

  it("a capture of the whole amount, or of none named, records no part", async () => {
    const whole = capturing()
    expect(
      (await capturePayment(whole.core, authorized, { amount: "15" }))
        .captured_amount
    ).toBeUndefined()
    const unnamed = capturing()
    expect(
      (await capturePayment(unnamed.core, authorized)).captured_amount
    ).toBeUndefined()
    expect([...whole.sent, ...unnamed.sent]).toEqual(["15.00", "15.00"])
  })

  it("refuses more than the authorised amount before anything is sent", async () => {
    const { core, calls } = capturing()
    await expect(
      capturePayment(core, authorized, { amount: "15.01" })
    ).rejects.toThrow(/authorised 15\.00 USD/)
    expect(calls).toEqual([])
  })

  it("refuses a second capture of the payment before anything is sent, naming what was captured and released", async () => {
    const { core, calls } = capturing()
    const partly = {
      ...authorized,
      status: "captured" as const,
      captured_amount: "10.00",
    }
    await expect(
      capturePayment(core, partly, { amount: "5", earlier_captures: 1 })
    ).rejects.toThrow(
      /captures a payment once and has captured 10\.00 USD; the remaining 5\.00 USD was released/
    )
    expect(calls).toEqual([])
  })

  it("records a capture the acquirer already made only at the amount it made", async () => {
    const { core, calls } = capturing()
    const partly = {
      ...authorized,
      status: "captured" as const,
      captured_amount: "10.00",
    }
    expect(await capturePayment(core, partly, { amount: "10" })).toBe(partly)
    await expect(
      capturePayment(core, partly, { amount: "15" })
    ).rejects.toThrow(/has captured 10\.00 USD.*Capture exactly 10\.00/)
    expect(calls).toEqual([])
  })

  it("a capture whose answer was lost is settled by the status query before another is sent", async () => {
    let lose = true
    let status = "3000"
    const sent: string[] = []
    const { gateway, calls } = scriptedGateway({
      capture: async (entry) => {
        sent.push(entry.amount)
        if (lose) throw lost()
        return { ...entry, ok: true } as never
      },
      retrieveTransactions: async () => [queried(status)],
    })
    const core = testCore(gateway)
    // the answer is lost and the query does not show it captured yet
    status = "2000"
    await expect(
      capturePayment(core, authorized, { amount: "10" })
    ).rejects.toThrow(/being confirmed/)
    expect(core.journal.operations[0]).toMatchObject({
      state: "unknown",
      amount: "10.00",
    })
    // it was made after all: a new capture of another amount is refused, nothing sent
    status = "3000"
    lose = false
    await expect(
      capturePayment(core, authorized, { amount: "15" })
    ).rejects.toThrow(/has captured 10\.00 USD/)
    expect(sent).toEqual(["10.00"])
    // …and the same amount records it
    const data = await capturePayment(core, authorized, { amount: "10" })
    expect(data).toMatchObject({ status: "captured", captured_amount: "10.00" })
    expect(sent).toEqual(["10.00"])
    expect(calls.filter((c) => c.method === "capture")).toHaveLength(1)
  })

  it("a capture the journal holds as made is recorded, never sent again, when Medusa asks with stale data", async () => {
    const { core, sent } = capturing()
    await capturePayment(core, authorized, { amount: "10" })
    // Medusa dropped its capture (say its own transaction failed after the acquirer answered)
    const again = await capturePayment(core, authorized, { amount: "10" })
    expect(again).toMatchObject({
      status: "captured",
      captured_amount: "10.00",
    })
    expect(sent).toEqual(["10.00"])
  })

  it("a lost capture the acquirer never made is settled as refused and a new one is sent", async () => {
    let lose = true
    const sent: string[] = []
    const { gateway } = scriptedGateway({
      capture: async (entry) => {
        sent.push(entry.amount)
        if (lose) throw lost()
        return { ...entry, ok: true } as never
      },
      retrieveTransactions: async () => [queried("2000")],
    })
    const core = testCore(gateway)
    await expect(
      capturePayment(core, authorized, { amount: "10" })
    ).rejects.toThrow(/being confirmed/)
    lose = false
    const data = await capturePayment(core, authorized, { amount: "12" })
    expect(sent).toEqual(["10.00", "12.00"])
    expect(data.captured_amount).toBe("12.00")
    expect(core.journal.operations.map((op) => op.state)).toEqual([
      "refused",
      "done",
    ])
  })

  it("refunds are bounded by what was captured, not by what was authorised", async () => {
    const { gateway, calls } = scriptedGateway({
      refund: async (entry) =>
        ({ ...entry, ok: true, refund_reference_id: "T1-01" }) as never,
      retrieveRefunds: async () => [],
    })
    const partly = {
      ...authorized,
      status: "captured" as const,
      captured_amount: "10.00",
    }
    // 10.01 is one minor unit over: trimmed to what is left, as a rounding overshoot
    const data = await refundPayment(testCore(gateway), partly, {
      amount: "10.01",
      reference: "ref_1",
    })
    expect(data.refunds?.[0]?.amount).toBe("10.00")
    expect(calls[0].args[0]).toMatchObject({ refund_amount: "10.00" })
  })
})

describe("a lapsed authorisation (DECISION: 7 days)", () => {
  const authorizedAt: SessionData = {
    ...authorized,
    attempts: [
      {
        ...authorized.attempts![0],
        authorized_at: "2026-11-10T08:00:00.000Z",
      },
    ],
  }
  const lapsedMessage =
    "The authorisation lapsed on 2026-11-17 (after 7 days): the acquirer has released the money; ask the customer to pay again"

  it("past its lifetime, the status query confirms 1100 and no capture is sent", async () => {
    const { gateway, calls } = scriptedGateway({
      retrieveTransactions: async () => [queried("1100")],
    })
    const core = testCore(gateway)
    await expect(
      capturePayment(core, authorizedAt, {
        now: new Date("2026-11-18T00:00:00Z"),
      })
    ).rejects.toThrow(lapsedMessage)
    expect(calls.map((c) => c.method)).toEqual(["retrieveTransactions"])
    expect(core.journal.operations).toEqual([])
  })

  it("past its lifetime but still held by the acquirer, the capture is sent", async () => {
    const sent: string[] = []
    const { gateway } = scriptedGateway({
      retrieveTransactions: async () => [queried("2000")],
      capture: async (entry) => {
        sent.push(entry.amount)
        return { ...entry, ok: true } as never
      },
    })
    const data = await capturePayment(testCore(gateway), authorizedAt, {
      now: new Date("2026-11-18T00:00:00Z"),
    })
    expect(data.status).toBe("captured")
    expect(sent).toEqual(["15.00"])
  })

  it("the acquirer's E0005 with the payment read as 1100 says the authorisation lapsed, on the acquirer's date", async () => {
    const { gateway } = scriptedGateway({
      capture: async (entry) =>
        ({
          ...entry,
          ok: false,
          error: { code: "E0005", text: "Cannot capture transaction T1" },
        }) as never,
      // the acquirer authorised it earlier than the plugin knew
      retrieveTransactions: async () => [
        { ...queried("1100"), transaction_date: "20261109080000" },
      ],
    })
    await expect(
      capturePayment(testCore(gateway), authorizedAt, {
        now: new Date("2026-11-16T12:00:00Z"),
      })
    ).rejects.toThrow(
      "The authorisation lapsed on 2026-11-16 (after 7 days): the acquirer has released the money; ask the customer to pay again"
    )
  })

  it("E0005 with 1100 before the lapse is a release made elsewhere; another refusal keeps its code", async () => {
    const refusing = (status: string) =>
      scriptedGateway({
        capture: async (entry) =>
          ({
            ...entry,
            ok: false,
            error: { code: "E0005", text: "not allowed" },
          }) as never,
        retrieveTransactions: async () => [queried(status)],
      }).gateway
    const now = new Date("2026-11-12T00:00:00Z")
    await expect(
      capturePayment(testCore(refusing("1100")), authorizedAt, { now })
    ).rejects.toThrow(
      "The acquirer refused the capture (E0005:not allowed): it has released the authorisation; ask the customer to pay again"
    )
    await expect(
      capturePayment(testCore(refusing("2000")), authorizedAt, { now })
    ).rejects.toThrow("The acquirer refused the capture (E0005:not allowed)")
  })

  it("the lifetime is the option authorisation_lifetime_days", async () => {
    const { gateway } = scriptedGateway({
      retrieveTransactions: async () => [queried("1100")],
    })
    await expect(
      capturePayment(
        testCore(gateway, { authorisation_lifetime_days: 3 }),
        authorizedAt,
        { now: new Date("2026-11-13T09:00:00Z") }
      )
    ).rejects.toThrow("The authorisation lapsed on 2026-11-13 (after 3 days)")
  })
})

describe("capture of an authorised payment", () => {
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
        throw lostAnswer()
      },
      retrieveTransactions: async () => [
        queryEntry(authorizedPayment.order_no!, "3000"),
      ],
    })
    expect(
      (await capturePayment(testCore(gateway), authorizedPayment)).status
    ).toBe("captured")
  })
})
