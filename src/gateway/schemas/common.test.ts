import { z } from "zod"
import { InvalidInputError } from "../errors"
import {
  amount,
  fromJsonText,
  limitsFrom,
  validate,
  wholeNumber,
  wireList,
  wireText,
} from "./common"

describe("validate", () => {
  const schema = z.strictObject({
    order: z.strictObject({
      order_no: z.string().max(3, "must be at most 3 characters"),
    }),
  })

  it("returns the parsed value", () => {
    expect(validate(schema, { order: { order_no: "A1" } })).toEqual({
      order: { order_no: "A1" },
    })
  })

  it("throws InvalidInputError naming the path and the reason", () => {
    try {
      validate(schema, { order: { order_no: "ABCD" } })
      throw new Error("expected a throw")
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidInputError)
      const error = e as InvalidInputError
      expect(error.field).toBe("order.order_no")
      expect(error.reason).toBe("must be at most 3 characters")
    }
  })

  it("reports an unknown field under its own path and applies the prefix", () => {
    try {
      validate(schema, { order: { order_no: "A", colour: "red" } }, "capture")
      throw new Error("expected a throw")
    } catch (e) {
      expect((e as InvalidInputError).field).toBe("capture.order.colour")
      expect((e as InvalidInputError).reason).toBe("is not a known field")
    }
  })
})

describe("field helpers", () => {
  it("amount takes decimal strings within the amount limit", () => {
    const a = amount(limitsFrom())
    expect(a.safeParse("15.00").success).toBe(true)
    expect(a.safeParse("1500").success).toBe(true)
    expect(a.safeParse("1,500.00").success).toBe(false)
    expect(a.safeParse("-1.00").success).toBe(false)
    expect(a.safeParse(".5").success).toBe(false)
    expect(a.safeParse(15).success).toBe(false)
    expect(a.safeParse("1".repeat(15)).success).toBe(true)
    expect(a.safeParse("1".repeat(16)).success).toBe(false)
    expect(amount(limitsFrom({ amount: 4 })).safeParse("10.00").success).toBe(
      false
    )
  })

  it("wholeNumber reads digit strings", () => {
    expect(wholeNumber.parse("1700000000")).toBe(1700000000)
    expect(wholeNumber.safeParse("1.5").success).toBe(false)
  })

  it("fromJsonText parses JSON text and passes objects through", () => {
    const s = fromJsonText(z.array(z.strictObject({ a: z.string() })))
    expect(s.parse('[{"a":"1"}]')).toEqual([{ a: "1" }])
    expect(s.parse([{ a: "2" }])).toEqual([{ a: "2" }])
    expect(s.safeParse("[broken").success).toBe(false)
  })

  it("wireText reads numbers and null as text; wireList reads missing as empty", () => {
    expect(wireText.parse(3000)).toBe("3000")
    expect(wireText.parse(null)).toBe("")
    expect(wireList(wireText).parse(undefined)).toEqual([])
    expect(wireList(wireText).parse(null)).toEqual([])
  })
})
