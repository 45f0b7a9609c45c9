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

  it("shows other values as JSON or as text", () => {
    expect(failureText("refused")).toBe("refused")
    expect(failureText({ code: 7 })).toBe('{"code":7}')
    expect(failureText(undefined)).toBe("undefined")
    const circular: Record<string, unknown> = {}
    circular.self = circular
    expect(failureText(circular)).toBe("[object Object]")
  })
})
