import { failureText } from "./failure-text"

describe("failureText", () => {
  it("reads an Error's message", () => {
    expect(failureText(new Error("lock wait timed out"))).toBe(
      "lock wait timed out"
    )
  })

  it("reads the message of a plain object, as Medusa's workflows throw them", () => {
    expect(
      failureText({
        message: "PaymentSession with id: ps_1 was not found",
        type: "not_found",
      })
    ).toBe("PaymentSession with id: ps_1 was not found")
  })

  it("masks a card number and a security code wherever the words hold them", () => {
    expect(
      failureText({
        message: "card 4242424242424242 refused, security_code=918",
      })
    ).toBe('card 424242******4242 refused, security_code="[redacted]"')
  })

  it("never serialises an object without a message, whatever it holds", () => {
    expect(failureText({ card: { number: "4242424242424242" } })).toBe(
      "a failure without a message"
    )
    expect(failureText("refused")).toBe("refused")
    expect(failureText(undefined)).toBe("undefined")
  })
})
