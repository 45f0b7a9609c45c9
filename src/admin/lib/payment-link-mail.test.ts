import { paymentLinkMailto } from "./payment-link-mail"

const LINK = {
  url: "https://shop.example.test/acquiring/pay/abc_DEF-123",
  amount: "10.00",
  currency: "usd",
  expires_at: "2026-11-29T10:00:00.000Z",
}

describe("the payment link e-mail", () => {
  it("addresses the order's e-mail with the amount, the link and its expiry", () => {
    const href = paymentLinkMailto("ada+shop@example.test", LINK, 12)
    const url = new URL(href)
    expect(url.protocol).toBe("mailto:")
    expect(decodeURIComponent(url.pathname)).toBe("ada+shop@example.test")
    expect(url.searchParams.get("subject")).toBe(
      "Payment of 10.00 USD for order #12"
    )
    expect(url.searchParams.get("body")).toBe(
      "Please pay the 10.00 USD still due for order #12 on our secure payment page:\n\n" +
        "https://shop.example.test/acquiring/pay/abc_DEF-123\n\n" +
        "The link opens the payment page once and expires on 2026-11-29 10:00 UTC."
    )
  })

  it("keeps an ampersand or question mark in the address from breaking the fields", () => {
    const href = paymentLinkMailto("a&b?c@example.test", LINK)
    expect(href.startsWith("mailto:a%26b%3Fc@example.test?subject=")).toBe(true)
    expect(new URL(href).searchParams.get("subject")).toBe(
      "Payment of 10.00 USD for your order"
    )
  })
})
