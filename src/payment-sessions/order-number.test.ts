import {
  isAttemptToken,
  logSafeHex,
  newAttemptNumber,
  tokenOf,
} from "./order-number"

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

  it("never holds 13 digits in a row, which logs would mask as a card number", () => {
    // about one random hex token in a hundred does: 10,000 would find one
    const tokens = Array.from(
      { length: 10_000 },
      () => newAttemptNumber("").token
    )
    expect(tokens.filter((t) => /\d{13}/.test(t))).toEqual([])
    expect(tokens.every((t) => /^[0-9a-f]{24}$/.test(t))).toBe(true)
  })

  it("connection checks' shorter hex is as safe from the card-number mask", () => {
    const hex = Array.from({ length: 10_000 }, () => logSafeHex(8))
    expect(hex.filter((h) => /\d{13}/.test(h))).toEqual([])
    expect(hex.every((h) => /^[0-9a-f]{16}$/.test(h))).toBe(true)
  })
})
