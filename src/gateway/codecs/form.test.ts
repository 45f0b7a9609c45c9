import { decodeBody, decodeForm, encodeForm } from "./form"
import { InvalidInputError } from "../errors"

describe("encodeForm", () => {
  it("encodes flat fields, escaping reserved characters", () => {
    expect(
      encodeForm({ merchant_id: "M1", orders: "A-1,A 2", note: "a&b=c" })
    ).toBe("merchant_id=M1&orders=A-1%2CA+2&note=a%26b%3Dc")
  })

  it("writes numbers and booleans as text and leaves out null and undefined", () => {
    expect(
      encodeForm({
        checkout_time: 1700000000,
        flag: true,
        empty: "",
        gone: undefined,
        nothing: null,
      })
    ).toBe("checkout_time=1700000000&flag=true&empty=")
  })

  it("sends nested values as JSON text", () => {
    const body = encodeForm({
      subscription: { interval: "day", billing_cycle: 3 },
      labels: ["a", "b"],
    })
    const params = new URLSearchParams(body)
    expect(params.get("subscription")).toBe(
      '{"interval":"day","billing_cycle":3}'
    )
    expect(params.get("labels")).toBe('["a","b"]')
  })

  it("encodes non-ASCII as UTF-8 percent escapes", () => {
    expect(encodeForm({ first_name: "Zoë" })).toBe("first_name=Zo%C3%AB")
  })
})

describe("decodeForm", () => {
  it("decodes plus signs and percent escapes", () => {
    expect(decodeForm("a=1&b=x+y&c=%26%3D%C3%AB&d=")).toEqual({
      a: "1",
      b: "x y",
      c: "&=ë",
      d: "",
    })
  })

  it("keeps the last value of a repeated name", () => {
    expect(decodeForm("a=1&a=2")).toEqual({ a: "2" })
  })

  it("round-trips with encodeForm", () => {
    const fields = {
      order_no: "O#1",
      amount: "10.00",
      note: "line1\nline2 & more",
      website: "https://shop.example/?a=b",
    }
    expect(decodeForm(encodeForm(fields))).toEqual(fields)
  })
})

describe("decodeBody", () => {
  it("treats a body starting with { as JSON whatever the content type", () => {
    expect(
      decodeBody(
        ' {"merchant_id":"M1","capture_orders":[{"amount":"1.00"}]}',
        "application/x-www-form-urlencoded"
      )
    ).toEqual({
      merchant_id: "M1",
      capture_orders: [{ amount: "1.00" }],
    })
  })

  it("treats anything else as form", () => {
    expect(decodeBody("merchant_id=M1&orders=A%2CB")).toEqual({
      merchant_id: "M1",
      orders: "A,B",
    })
    expect(decodeBody("")).toEqual({})
  })

  it("names the body when JSON is broken", () => {
    expect(() => decodeBody('{"a":')).toThrow(InvalidInputError)
    expect(() => decodeBody('{"a":')).toThrow(
      /invalid body: starts with "\{" but is not valid JSON/
    )
  })

  it("refuses a declared JSON body that is not an object", () => {
    expect(() => decodeBody("[1,2]", "application/json")).toThrow(
      /invalid body/
    )
  })
})
