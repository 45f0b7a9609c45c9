import { waitingChangeText } from "./order-change-text"

const lowered = {
  currency: "USD",
  captured_amount: "15.00",
  released_amount: "10.00",
  order_change: {
    id: "ordch_1",
    change_type: "edit",
    opened_at: "2026-11-28T14:37:12.000Z",
    total_before: "25.00",
    total_after: "15.00",
  },
}

describe("a change waiting for its confirm, in the widget's words", () => {
  it("says what was captured and released, the total Medusa keeps, and what confirming does", () => {
    expect(waitingChangeText(lowered)).toEqual({
      title: "Order edit waiting for its confirm",
      lines: [
        "The order edit begun 28 Nov 2026, 14:37 UTC was not confirmed: 15.00 USD was captured for it and 10.00 USD released to the customer.",
        "Until it is confirmed, Medusa keeps the order at its total before the order edit (25.00 USD) and may show money pending that can no longer be captured.",
        "Confirm the order edit again to bring the order to 15.00 USD; no more money is captured.",
      ],
    })
  })

  it("names an exchange's return, and a whole capture without a release", () => {
    const text = waitingChangeText({
      ...lowered,
      released_amount: null,
      order_change: { ...lowered.order_change, change_type: "return_receive" },
    })
    expect(text?.title).toBe("Return waiting for its confirm")
    expect(text?.lines[0]).toMatch(/: 15\.00 USD was captured for it\.$/)
  })

  it("is nothing when no change waits", () => {
    expect(waitingChangeText({ ...lowered, order_change: null })).toBeNull()
  })
})
