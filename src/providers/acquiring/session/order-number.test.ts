import { isAttemptToken, newAttemptNumber, tokenOf } from "./order-number"

describe("attempt numbers", () => {
  it("are the prefix and 24 random hex digits, never the session id", () => {
    const a = newAttemptNumber("MED")
    const b = newAttemptNumber("MED")
    expect(a.order_no).toMatch(/^MED[0-9a-f]{24}$/)
    expect(a.order_no).toBe(`MED${a.token}`)
    expect(a.token).not.toBe(b.token)
  })

  it("give back their token only for the prefix they were issued with", () => {
    expect(tokenOf("MED", "MED0123456789abcdef01234567")).toBe(
      "0123456789abcdef01234567"
    )
    expect(tokenOf("MED", "MED0123456789abcdef0123456")).toBeNull()
    expect(tokenOf("SHOP", "MED0123456789abcdef01234567")).toBeNull()
    expect(isAttemptToken("payses_01JD3Z6Q9X8W7V6T5S4R3Q2P1N")).toBe(false)
  })
})
