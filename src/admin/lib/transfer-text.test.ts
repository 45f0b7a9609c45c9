import { transferText, utcText } from "./transfer-text"

const awaited = {
  payment_session_id: "payses_1",
  status: "awaited" as const,
  amount: "125.00",
  currency: "EUR",
  payment_method: "BANK_TRANSFER",
  since: "2026-11-28T14:37:12.000Z",
  until: "2026-12-05T14:37:12.000Z",
}

describe("a bank transfer without a payment, in the widget's words", () => {
  it("says what is awaited, since when, until when, and that it is not owed", () => {
    expect(transferText(awaited)).toEqual({
      badge: { label: "Awaiting transfer", color: "orange" },
      method: "Bank transfer",
      amount: "125.00 EUR",
      lines: [
        "Awaited since 28 Nov 2026, 14:37 UTC.",
        "The acquirer waits until 5 Dec 2026, 14:37 UTC; if nothing arrives by then, the order is cancelled.",
        "Not owed: the money is on its way, so no payment link asks for it. Nothing is charged until it arrives.",
      ],
    })
  })

  it("says a transfer that never came was not received, and that the order was cancelled", () => {
    const text = transferText({ ...awaited, status: "not_received" })
    expect(text.badge).toEqual({ label: "Not received", color: "red" })
    expect(text.lines).toEqual([
      "The transfer did not arrive (awaited since 28 Nov 2026, 14:37 UTC): the order was cancelled, and the acquirer refuses money sent for it now. Nothing was charged; the customer can order again.",
    ])
    expect(
      transferText({ ...awaited, status: "not_received", since: null }).lines
    ).toEqual([
      "The transfer did not arrive: the order was cancelled, and the acquirer refuses money sent for it now. Nothing was charged; the customer can order again.",
    ])
  })

  it("names times in UTC, as the server's texts do", () => {
    expect(utcText("2026-01-02T03:04:59.999Z")).toBe("2 Jan 2026, 03:04 UTC")
    expect(utcText("not a time")).toBe("not a time")
  })
})
