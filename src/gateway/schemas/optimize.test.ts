import { validate } from "./common"
import {
  optimizeRequestInputSchema,
  optimizeRequestSchema,
  optimizeResponseSchema,
} from "./optimize"

describe("optimise request", () => {
  const base = {
    request_id: "REQ-1",
    currency: "EUR",
    amount: "20.00",
    shopper_email: "zoe@example.com",
  }

  it("accepts the required fields alone and with optional order fields", () => {
    expect(optimizeRequestInputSchema.parse(base)).toEqual(base)
    const withOrder = {
      ...base,
      billing_country: "DE",
      order_no: "O-1",
      device_type: "mobile",
    }
    expect(optimizeRequestInputSchema.parse(withOrder)).toEqual(withOrder)
    expect(
      optimizeRequestSchema.safeParse({
        ...base,
        merchant_id: "1",
        account_id: "2",
        encryption_data: "ab".repeat(32),
      }).success
    ).toBe(true)
  })

  it("names missing or bad fields", () => {
    expect(() =>
      validate(optimizeRequestInputSchema, {
        ...base,
        shopper_email: undefined,
      })
    ).toThrow(/invalid shopper_email/)
    expect(() =>
      validate(optimizeRequestInputSchema, { ...base, amount: "20" + ",00" })
    ).toThrow(/invalid amount/)
    expect(() =>
      validate(optimizeRequestInputSchema, {
        ...base,
        card: "4242424242424242",
      })
    ).toThrow("invalid card: is not a known field")
  })
})

describe("optimise response", () => {
  it("reads payment_methods objects in order and keeps unknown fields", () => {
    const parsed = optimizeResponseSchema.parse({
      return_status: "1",
      return_message: "0000:Success",
      payment_methods: [
        {
          payment_method: "CARD",
          display_name: "Card",
          rank: 1,
          brands: ["VISA"],
        },
        { payment_method: "APPLEPAY", rank: "2" },
      ],
      trace: "t1",
    })
    expect(parsed.payment_methods).toEqual([
      {
        payment_method: "CARD",
        display_name: "Card",
        rank: "1",
        brands: ["VISA"],
      },
      { payment_method: "APPLEPAY", rank: "2" },
    ])
    expect(parsed.trace).toBe("t1")
  })

  it("reads bare strings and a comma-separated list", () => {
    expect(
      optimizeResponseSchema.parse({ payment_methods: ["CARD", "SEPA"] })
        .payment_methods
    ).toEqual([{ payment_method: "CARD" }, { payment_method: "SEPA" }])
    expect(
      optimizeResponseSchema.parse({ payment_methods: "CARD, SEPA" })
        .payment_methods
    ).toEqual([{ payment_method: "CARD" }, { payment_method: "SEPA" }])
    expect(
      optimizeResponseSchema.parse({ return_status: "0" }).payment_methods
    ).toEqual([])
  })

  it("requires a payment_method in each entry", () => {
    expect(
      optimizeResponseSchema.safeParse({ payment_methods: [{ rank: 1 }] }).error
        ?.issues[0].path
    ).toEqual(["payment_methods", 0, "payment_method"])
  })
})
