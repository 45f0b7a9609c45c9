import { randomHex } from "./random-hex"

describe("randomHex", () => {
  it("gives the asked number of bytes as lower-case hex", () => {
    expect(randomHex(6)).toMatch(/^[0-9a-f]{12}$/)
    expect(randomHex(16)).toMatch(/^[0-9a-f]{32}$/)
  })

  it("never repeats across block refills", () => {
    // 3,000 draws of 16 bytes cross the 4 KiB block eleven times
    const seen = new Set(Array.from({ length: 3000 }, () => randomHex(16)))
    expect(seen.size).toBe(3000)
  })

  it("refuses more than one block", () => {
    expect(() => randomHex(4097)).toThrow(RangeError)
  })
})
