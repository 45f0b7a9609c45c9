import { hashLinkToken, isLinkToken, newLinkToken } from "./payment-link-token"

describe("payment link tokens", () => {
  it("are 43 base64url characters, stored only as their SHA-256", () => {
    const { token, token_hash } = newLinkToken()
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(token_hash).not.toContain(token)
    expect(hashLinkToken(token)).toBe(token_hash)
  })

  it("hash as SHA-256 of the token's text", () => {
    // sha256("abc"), a published test vector
    expect(hashLinkToken("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    )
  })

  it("differ every time", () => {
    const tokens = new Set(
      Array.from({ length: 50 }, () => newLinkToken().token)
    )
    expect(tokens.size).toBe(50)
  })

  it.each([
    ["", false],
    ["short", false],
    ["A".repeat(42), false],
    ["A".repeat(44), false],
    [`${"A".repeat(42)}=`, false],
    [`${"A".repeat(42)}/`, false],
    [`${"A".repeat(42)}\u0000`, false],
    ["../../etc/passwd".padEnd(43, "a"), false],
    ["aZ09_-".padEnd(43, "x"), true],
  ])("shape of %j is %s", (value, expected) => {
    expect(isLinkToken(value)).toBe(expected)
  })

  it("refuses what is not a string", () => {
    expect(isLinkToken(undefined)).toBe(false)
    expect(isLinkToken(["A".repeat(43)])).toBe(false)
  })
})
