import type { AcquiringChargebackView } from "./chargebacks-api"
import {
  chargebackLine,
  chargebackReason,
  dayText,
  respondByUrgency,
} from "./chargeback-text"

const open: AcquiringChargebackView = {
  id: "acqcb_1",
  reference: "CB1A2B3C4D5E6F",
  status: "OPEN",
  amount: "15.00",
  currency: "eur",
  payment_amount: "30.00",
  reason_code: "4837",
  reason_text: "No cardholder authorisation",
  opened_at: "2026-11-30T09:00:00.000Z",
  respond_by: "2026-12-10T09:00:00.000Z",
  decided_at: null,
  accounted_at: null,
  refund_id: null,
  order_no: "MED1",
  transaction_id: "SBX1",
  payment_id: "pay_1",
  order: { id: "order_1", display_id: 12 },
}

describe("a chargeback as the admin reads it", () => {
  it("names the day to respond by, in UTC as the server does", () => {
    expect(dayText("2026-12-10T23:30:00.000Z")).toBe("10 Dec 2026")
    expect(dayText(null)).toBe("–")
  })

  it("reads the reason's code and text", () => {
    expect(chargebackReason(open)).toBe("4837 No cardholder authorisation")
    expect(chargebackReason({ reason_code: null, reason_text: null })).toBe(
      "no reason given"
    )
  })

  it("words each status in the order widget", () => {
    expect(chargebackLine(open)).toBe(
      "Disputed: 15.00 EUR, reason 4837 No cardholder authorisation, respond in the merchant portal by 10 Dec 2026"
    )
    expect(
      chargebackLine({
        ...open,
        status: "WON",
        decided_at: "2026-12-05T10:00:00Z",
      })
    ).toBe("Won: 15.00 EUR paid back (decided 5 Dec 2026)")
    const lost = { ...open, status: "LOST" as const }
    expect(chargebackLine(lost)).toBe(
      "Lost: 15.00 EUR, being recorded as a refund"
    )
    expect(
      chargebackLine({ ...lost, accounted_at: "2026-12-06T10:00:00Z" })
    ).toBe("Lost: 15.00 EUR recorded as a refund on 6 Dec 2026")
  })

  // respond by 10 Dec 2026, 09:00 UTC: a day, in UTC, as the server names it
  it.each([
    ["2026-12-06T12:00:00Z", null],
    ["2026-12-07T00:00:00Z", { level: "soon", text: "3 days left" }],
    ["2026-12-09T23:00:00Z", { level: "soon", text: "1 day left" }],
    ["2026-12-10T08:00:00Z", { level: "soon", text: "due today" }],
    ["2026-12-10T22:00:00Z", { level: "soon", text: "due today" }],
    ["2026-12-11T00:00:00Z", { level: "overdue", text: "overdue" }],
  ])(
    "marks an open one due within 3 days, or past, in words (at %s)",
    (now, urgency) => {
      expect(respondByUrgency(open, new Date(now))).toEqual(urgency)
    }
  )

  it("marks nothing once decided, or without a day", () => {
    const late = new Date("2027-01-01T00:00:00Z")
    expect(respondByUrgency({ ...open, status: "WON" }, late)).toBeNull()
    expect(respondByUrgency({ ...open, status: "LOST" }, late)).toBeNull()
    expect(respondByUrgency({ ...open, respond_by: null }, late)).toBeNull()
  })
})
