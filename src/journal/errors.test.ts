import { thrownMessage } from "./errors"

describe("thrownMessage", () => {
  it("reads an Error, a workflow's plain error object and a string", () => {
    expect(thrownMessage(new Error("lock timed out"))).toBe("lock timed out")
    expect(
      thrownMessage({
        name: "Error",
        message: "You cannot capture more than the authorized amount",
      })
    ).toBe("You cannot capture more than the authorized amount")
    expect(thrownMessage("refused")).toBe("refused")
    expect(thrownMessage(undefined)).toBe("unknown error")
    expect(thrownMessage({ code: 7 })).toBe("unknown error")
  })

  it("masks a card number that reached a message", () => {
    const text = thrownMessage({ message: "card 4242424242424242 refused" })
    expect(text).not.toContain("4242424242424242")
    expect(text).toContain("424242")
  })
})
