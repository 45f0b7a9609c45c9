import { brandName, cardLabel } from "./saved-cards-api"

describe("saved card names", () => {
  it("names the brands the server derives from the first digits", () => {
    expect(brandName("visa")).toBe("Visa")
    expect(brandName("mastercard")).toBe("Mastercard")
    expect(brandName("american-express")).toBe("American Express")
    expect(brandName("diners-club")).toBe("Diners Club")
    expect(brandName("jcb")).toBe("JCB")
    expect(brandName("unionpay")).toBe("UnionPay")
  })

  it("calls a card of no known brand a card", () => {
    expect(brandName(null)).toBe("Card")
    expect(cardLabel({ brand: null, last4: "0005" })).toBe("Card •••• 0005")
  })

  it("labels a card by brand and last four digits", () => {
    expect(cardLabel({ brand: "visa", last4: "4242" })).toBe("Visa •••• 4242")
  })
})
