import { InvalidInputError } from "../errors"
import { joinSelector } from "./selector"

describe("joinSelector", () => {
  it("joins values with commas", () => {
    expect(joinSelector("orders", ["A-1", " B-2 "])).toBe("A-1,B-2")
  })

  it("refuses empty values, commas and an empty list, naming the field", () => {
    expect(() => joinSelector("orders", ["A", ""])).toThrow(
      "invalid orders[1]: must not be empty"
    )
    expect(() => joinSelector("trades", ["T,1"])).toThrow(
      "invalid trades[0]: must not contain a comma"
    )
    expect(() => joinSelector("orders", [])).toThrow(InvalidInputError)
  })

  it("enforces the value count and the 1,000-character limit", () => {
    expect(() =>
      joinSelector("orders", ["a", "b", "c"], { max_values: 2 })
    ).toThrow(/at most 2 values, got 3/)
    // 100 values of 9 characters plus 99 commas = 999
    expect(
      joinSelector(
        "orders",
        Array.from({ length: 100 }, () => "x".repeat(9))
      )
    ).toHaveLength(999)
    expect(() => joinSelector("orders", ["y".repeat(1001)])).toThrow(
      /1001 characters, the limit is 1000/
    )
  })
})
