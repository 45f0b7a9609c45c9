import { linkExpiry, linkVerdict, refusalWords } from "./payment-link-state"

const NOW = new Date("2026-11-26T10:00:00.000Z")

describe("payment link state", () => {
  it("expires the given number of hours after it is made", () => {
    expect(linkExpiry(NOW, 72).toISOString()).toBe("2026-11-29T10:00:00.000Z")
    expect(linkExpiry(NOW, 1).toISOString()).toBe("2026-11-26T11:00:00.000Z")
  })

  it("is open before it expires, never used and unpaid", () => {
    expect(linkVerdict({ expires_at: "2026-11-26T10:00:01.000Z" }, NOW)).toBe(
      "open"
    )
  })

  it("is expired at its expiry instant and after", () => {
    expect(linkVerdict({ expires_at: "2026-11-26T10:00:00.000Z" }, NOW)).toBe(
      "expired"
    )
    expect(
      linkVerdict({ expires_at: new Date("2026-11-25T00:00:00Z") }, NOW)
    ).toBe("expired")
  })

  it("opens once: a used link is refused even before it expires", () => {
    expect(
      linkVerdict(
        {
          expires_at: "2026-11-27T00:00:00.000Z",
          used_at: "2026-11-26T09:00:00.000Z",
        },
        NOW
      )
    ).toBe("used")
  })

  it("says paid before used or expired", () => {
    expect(
      linkVerdict(
        {
          expires_at: "2026-11-25T00:00:00.000Z",
          used_at: "2026-11-24T09:00:00.000Z",
          paid_at: "2026-11-24T09:05:00.000Z",
        },
        NOW
      )
    ).toBe("paid")
  })

  it("tells the shopper what to do", () => {
    expect(refusalWords("expired").text).toBe("Ask us for a new payment link.")
    expect(refusalWords("used").title).toBe(
      "This payment link was already opened"
    )
    expect(refusalWords("paid").title).toBe("This payment has been made")
  })
})
