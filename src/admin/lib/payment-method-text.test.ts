import { paymentMethodText } from "./payment-method-text"

describe("the method that paid, in the admin's words", () => {
  it("names the known methods and passes an unknown code through", () => {
    expect(paymentMethodText("CARD")).toBe("Card")
    expect(paymentMethodText("WALLET")).toBe("Wallet")
    expect(paymentMethodText("PAYPAL_LIKE")).toBe("PAYPAL_LIKE")
    expect(paymentMethodText(null)).toBeUndefined()
  })

  it("says since when a transfer is awaited", () => {
    expect(paymentMethodText("BANK_TRANSFER", "2026-11-27T09:05:00.000Z")).toBe(
      "Bank transfer, awaiting the transfer since 27 Nov 2026, 09:05 UTC"
    )
  })
})
