import {
  durationText,
  historyEntryView,
  refusedNotificationsText,
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

describe("the store's refused notifications in a sentence", () => {
  it("says how many since when, the latest, and each reason with its count", () => {
    expect(
      refusedNotificationsText(
        {
          since: "2026-11-28T10:00:00.000Z",
          count: 212,
          last_at: "2026-11-28T11:29:05.120Z",
          reasons: [
            { reason: "bad_signature", count: 200 },
            { reason: "unknown_order", count: 12 },
          ],
        },
        "UTC"
      )
    ).toBe(
      "212 notifications refused since 10:00 (the latest at 11:29:05): bad signature 200, order number of no payment 12. Nothing changed."
    )
  })

  it("says one in the singular, and nothing when there were none", () => {
    expect(
      refusedNotificationsText(
        {
          since: "2026-11-28T10:00:00.000Z",
          count: 1,
          last_at: "2026-11-28T10:00:01.000Z",
          reasons: [{ reason: "unreadable", count: 1 }],
        },
        "UTC"
      )
    ).toBe(
      "1 notification refused since 10:00 (the latest at 10:00:01): unreadable body 1. Nothing changed."
    )
    expect(
      refusedNotificationsText(
        {
          since: "2026-11-28T10:00:00.000Z",
          count: 0,
          last_at: null,
          reasons: [],
        },
        "UTC"
      )
    ).toBeUndefined()
  })
})
