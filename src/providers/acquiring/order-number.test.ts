import {
  nextOrderNumber,
  orderNumberFor,
  parseOrderNumber,
} from "./order-number"

const SESSION = "payses_01JD3Z6Q9X8W7V6T5S4R3Q2P1N"

describe("order numbers", () => {
  it("derives the first and later attempts from the session id", () => {
    expect(orderNumberFor("MED", SESSION)).toBe("MED01JD3Z6Q9X8W7V6T5S4R3Q2P1N")
    expect(orderNumberFor("MED", SESSION, 3)).toBe(
      "MED01JD3Z6Q9X8W7V6T5S4R3Q2P1N-3"
    )
    expect(nextOrderNumber("MED", "MED01JD3Z6Q9X8W7V6T5S4R3Q2P1N")).toBe(
      "MED01JD3Z6Q9X8W7V6T5S4R3Q2P1N-2"
    )
  })

  it("stays within 50 characters with the longest prefix", () => {
    expect(
      orderNumberFor("P".repeat(20), SESSION, 99).length
    ).toBeLessThanOrEqual(50)
  })

  it("leads a notification's order number back to its session", () => {
    expect(parseOrderNumber("MED", "MED01JD3Z6Q9X8W7V6T5S4R3Q2P1N-2")).toEqual({
      session_id: SESSION,
      attempt: 2,
    })
    expect(parseOrderNumber("MED", "MED01JD3Z6Q9X8W7V6T5S4R3Q2P1N")).toEqual({
      session_id: SESSION,
      attempt: 1,
    })
  })

  it("refuses numbers that are not ours", () => {
    expect(parseOrderNumber("MED", "OTHER123")).toBeNull()
    expect(parseOrderNumber("MED", "MED")).toBeNull()
    expect(parseOrderNumber("MED", "MED01J'; drop")).toBeNull()
    expect(parseOrderNumber("MED", undefined)).toBeNull()
    expect(() => orderNumberFor("MED", "cart_123")).toThrow(/payses_/)
  })
})
