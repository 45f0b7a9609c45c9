import {
  durationText,
  historyEntryView,
  type PaymentHistoryEntry,
} from "./payment-history-text"

const capture: PaymentHistoryEntry = {
  at: "2026-11-27T10:15:02.250Z",
  source: "request",
  operation: "capture",
  outcome: "recorded",
  summary:
    "Capture of 15.00 USD for MED1: made and recorded in Medusa, reference SBX1",
  order_no: "MED1",
  transaction_id: "SBX1",
  payment_id: "pay_1",
  session_id: "payses_1",
  amount: "15.00",
  currency: "USD",
  duration_ms: 245,
  actor: null,
}

describe("a history entry as the admin reads it", () => {
  it("says when, what, the outcome, the amount and how long a request took", () => {
    expect(historyEntryView(capture, "UTC")).toEqual({
      when: "27 Nov 2026, 10:15:02",
      day: "27 Nov 2026",
      time: "10:15:02",
      what: "Request to the acquirer · capture",
      summary: capture.summary,
      outcome: "recorded",
      tone: "green",
      amount: "15.00 USD",
      duration: "245 ms",
    })
  })

  it("leaves out what an event has not: its amount and duration", () => {
    const view = historyEntryView(
      {
        ...capture,
        source: "notification",
        operation: "CHARGEBACK",
        outcome: "unconfirmed",
        amount: null,
        currency: null,
        duration_ms: null,
      },
      "UTC"
    )
    expect(view).toMatchObject({
      what: "Notification from the acquirer · CHARGEBACK",
      tone: "orange",
    })
    expect(view.amount).toBeUndefined()
    expect(view.duration).toBeUndefined()
  })

  it("names an event whose operation is its source once, and tones what it does not know grey", () => {
    const view = historyEntryView(
      {
        ...capture,
        source: "lock_timeout",
        operation: "lock_timeout",
        outcome: "waited_out",
      },
      "UTC"
    )
    expect(view.what).toBe("Lock wait timed out")
    expect(view.outcome).toBe("waited out")
    expect(view.tone).toBe("grey")
    expect(historyEntryView({ ...capture, outcome: "refused" }).tone).toBe(
      "red"
    )
  })

  it("words durations from milliseconds to minutes", () => {
    expect(durationText(0)).toBe("0 ms")
    expect(durationText(999)).toBe("999 ms")
    expect(durationText(1250)).toBe("1.3 s")
    expect(durationText(125_000)).toBe("2 min 5 s")
  })
})
