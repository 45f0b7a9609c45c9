import type { SessionData } from "../payment-sessions/session-data"
import { isDueToday, lapseNotice, needsNotice } from "./authorization-lapses"

const authorized = (extra: Partial<SessionData> = {}): SessionData => ({
  order_no: "MED1",
  status: "authorized",
  amount: "15.00",
  currency: "USD",
  attempts: [
    {
      order_no: "MED1",
      kind: "authorise",
      state: "authorized",
      at: "2026-11-20T10:00:00.000Z",
      authorized_at: "2026-11-20T10:00:00.000Z",
    },
  ],
  ...extra,
})

describe("which payments the daily run looks at", () => {
  it("is due from one day before the lapse, and after it", () => {
    // lapses 2026-11-27T10:00Z after 7 days
    expect(isDueToday(authorized(), 7, new Date("2026-11-26T09:59:59Z"))).toBe(
      false
    )
    expect(isDueToday(authorized(), 7, new Date("2026-11-26T10:00:00Z"))).toBe(
      true
    )
    expect(isDueToday(authorized(), 7, new Date("2026-12-05T00:00:00Z"))).toBe(
      true
    )
    // a longer lifetime: not yet
    expect(isDueToday(authorized(), 10, new Date("2026-11-27T12:00:00Z"))).toBe(
      false
    )
  })

  it("never a captured or cancelled payment", () => {
    const late = new Date("2026-12-05T00:00:00Z")
    expect(isDueToday(authorized({ status: "captured" }), 7, late)).toBe(false)
    expect(isDueToday(authorized({ status: "canceled" }), 7, late)).toBe(false)
  })

  it("tells the admin once", () => {
    const now = new Date("2026-11-26T12:00:00Z")
    expect(needsNotice(authorized(), 7, now)).toBe(true)
    expect(
      needsNotice(
        authorized({ lapse_notice_at: "2026-11-26T06:00:00.000Z" }),
        7,
        now
      )
    ).toBe(false)
  })
})

describe("the feed notice", () => {
  it("names the order, the amount and when", () => {
    expect(
      lapseNotice({
        order: "#1042",
        amount: "15.00",
        currency: "usd",
        lapses_at: new Date("2026-11-27T10:00:00Z"),
        lifetime_days: 7,
      })
    ).toEqual({
      title: "Authorisation lapses within a day",
      description:
        "Order #1042: the authorisation of 15.00 USD lapses on 2026-11-27 10:00 UTC (7 days after it was given). Capture it before then; afterwards the acquirer releases the money and the customer has to pay again.",
    })
  })
})
