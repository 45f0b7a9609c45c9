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
