import { declineReason, merchantNotice } from "./decline-notices"

const TRY = {
  deduction_number: 2,
  retry_number: 0,
  recurring_id: "RC1",
  amount: "15.00",
  currency: "USD",
  result_code: "E0008:Declined by issuer",
  status: "declined" as const,
  order: "#12",
}

describe("declineReason", () => {
  it("tells a lapsed card (E0011) and the end from any other decline", () => {
    expect(declineReason(TRY)).toBe("declined")
    expect(
      declineReason({ ...TRY, result_code: "E0011:Stored card not found" })
    ).toBe("card_lapsed")
    expect(
      declineReason({ ...TRY, status: "ended", result_code: "E0013:x" })
    ).toBe("ended")
  })
})

describe("merchantNotice", () => {
  it("says which deduction, the code and how many tries the acquirer has left", () => {
    expect(merchantNotice(TRY)).toEqual({
      title: "Subscription deduction declined",
      description:
        "Deduction 2 of subscription RC1 (order #12, 15.00 USD) was declined (E0008:Declined by issuer). The acquirer tries again (2 tries left); a paid try becomes the renewal order.",
    })
    expect(merchantNotice({ ...TRY, retry_number: 1 }).description).toContain(
      "(1 try left)"
    )
    expect(merchantNotice({ ...TRY, retry_number: 2 }).description).toMatch(
      /It was the last try: the acquirer ends the subscription\.$/
    )
  })

  it("asks for a new card when the stored one lapsed, and says when the subscription ended", () => {
    expect(
      merchantNotice({ ...TRY, result_code: "E0011:Stored card not found" })
    ).toMatchObject({
      title: "Subscription card lapsed",
      description: expect.stringMatching(
        /Ask the customer to subscribe again with a new card\.$/
      ),
    })
    expect(
      merchantNotice({
        ...TRY,
        status: "ended",
        retry_number: 2,
        result_code: "E0013:Subscription ended",
      })
    ).toEqual({
      title: "Subscription ended after failed deductions",
      description:
        "The acquirer ended the subscription: deduction 2 of subscription RC1 (order #12, 15.00 USD) was declined on every try (E0013:Subscription ended). No further deductions are made; the customer has to subscribe again.",
    })
  })
})

describe("a lapsed card's notice", () => {
  const LAPSED = { ...TRY, result_code: "E0011:Stored card not found" }
  it("names the order the customer's link pays, never the link, or says what to do when none was made", () => {
    const offered = merchantNotice({
      ...LAPSED,
      offer: {
        url: "https://shop.example/acquiring/pay/secret-token",
        expires_at: "2026-12-02T10:00:00.000Z",
        order_display_id: 13,
        order_id: "order_13",
      },
    })
    expect(offered.title).toBe("Subscription card lapsed")
    expect(offered.description).toBe(
      "Deduction 2 of subscription RC1 (order #12, 15.00 USD) was declined: the customer's stored card is no longer valid (E0011:Stored card not found). The subscription was cancelled at the acquirer (no try on that card can succeed), and order #13 asks the customer to pay it by a payment link with a new card, until 2026-12-02T10:00:00.000Z: paying it starts the subscription again on the new card."
    )
    expect(offered.description).not.toContain("secret-token")
    expect(merchantNotice({ ...LAPSED, offer: "failed" }).description).toMatch(
      /No payment link for a new card could be made \(see the log\)/
    )
    expect(merchantNotice(LAPSED).description).toMatch(
      /Ask the customer to subscribe again with a new card\.$/
    )
  })
})
