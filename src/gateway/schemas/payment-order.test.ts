import { InvalidInputError } from "../errors"
import { validate } from "./common"
import {
  checkoutRequestInputSchema,
  checkoutRequestSchema,
  createPaymentOrderSchemas,
} from "./payment-order"
import { card, envelope, order } from "./__fixtures__/payment-order"

describe("checkout request", () => {
  it("accepts the full sample order", () => {
    expect(checkoutRequestInputSchema.parse(order)).toEqual(order)
    expect(
      checkoutRequestSchema.parse({
        ...order,
        ...envelope,
        return_url: "https://shop.example/r",
      })
    ).toMatchObject({
      website: "https://shop.example",
      return_url: "https://shop.example/r",
    })
  })

  it("accepts a minimal order", () => {
    expect(
      checkoutRequestInputSchema.safeParse({
        order_no: "A1",
        currency: "JPY",
        amount: "1500",
      }).success
    ).toBe(true)
  })

  it("requires the common fields on the wire form only", () => {
    const result = checkoutRequestSchema.safeParse(order)
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual(
      expect.arrayContaining(["merchant_id", "account_id", "encryption_data"])
    )
  })

  it("refuses card fields", () => {
    expect(() =>
      validate(checkoutRequestInputSchema, { ...order, card: card.card })
    ).toThrow("invalid card: is not a known field")
  })

  it("takes token_flag YES or NO and refuses a token_id (stored cards pay directly)", () => {
    expect(
      checkoutRequestInputSchema.parse({ ...order, token_flag: "YES" })
        .token_flag
    ).toBe("YES")
    expect(() =>
      validate(checkoutRequestInputSchema, { ...order, token_flag: "yes" })
    ).toThrow("invalid token_flag: must be YES or NO")
    expect(() =>
      validate(checkoutRequestInputSchema, { ...order, token_id: "TK1" })
    ).toThrow(
      "invalid token_id: must be empty: only a direct payment pays with a stored card"
    )
  })

  it("reads nested fields sent as JSON text by a form body", () => {
    const parsed = checkoutRequestInputSchema.parse({
      ...order,
      checkout_time: "1763733926",
      subscription: JSON.stringify(order.subscription),
      total_discount: JSON.stringify(order.total_discount),
    })
    expect(parsed.checkout_time).toBe(1763733926)
    expect(parsed.subscription).toEqual(order.subscription)
    expect(parsed.total_discount).toEqual(order.total_discount)
  })

  it.each([
    ["order_no", "O".repeat(51), "order_no", "must be at most 50 characters"],
    ["order_no", " ", "order_no", "is required and must not be empty"],
    [
      "amount",
      "10.5.0",
      "amount",
      "must be a decimal string with a point, such as 15.00",
    ],
    ["amount", "1".repeat(16), "amount", "must be at most 15 characters"],
    [
      "tax_total",
      "two",
      "tax_total",
      "must be a decimal string with a point, such as 15.00",
    ],
    [
      "currency",
      "usd",
      "currency",
      "must be a three-letter upper-case ISO 4217 code",
    ],
    ["website", "w".repeat(2001), "website", "must be at most 2000 characters"],
    ["items", "i".repeat(5001), "items", "must be at most 5000 characters"],
    ["note", "n".repeat(1001), "note", "must be at most 1000 characters"],
    [
      "shopper_id",
      "s".repeat(65),
      "shopper_id",
      "must be at most 64 characters",
    ],
    [
      "shopper_email",
      "e".repeat(101),
      "shopper_email",
      "must be at most 100 characters",
    ],
    [
      "shopper_ip",
      "1".repeat(51),
      "shopper_ip",
      "must be at most 50 characters",
    ],
    ["custom", "c".repeat(2501), "custom", "must be at most 2500 characters"],
    ["checkout_time", -5, "checkout_time", "must not be negative"],
  ])(
    "refuses %s = bad value, naming the field",
    (field, value, path, reason) => {
      try {
        validate(checkoutRequestInputSchema, { ...order, [field]: value })
        throw new Error("expected a throw")
      } catch (e) {
        expect(e).toBeInstanceOf(InvalidInputError)
        expect((e as InvalidInputError).field).toBe(path)
        expect((e as InvalidInputError).reason).toBe(reason)
      }
    }
  )

  it("names the path inside nested shapes", () => {
    const bad = {
      ...order,
      cart_items: [{ basic_item_data: { price: { amount_usd: "lots" } } }],
    }
    expect(() => validate(checkoutRequestInputSchema, bad)).toThrow(
      /invalid cart_items\[0\]\.basic_item_data\.price\.amount_usd/
    )
    expect(() =>
      validate(checkoutRequestInputSchema, {
        ...order,
        subscription: { ...order.subscription, period: "x" },
      })
    ).toThrow("invalid subscription.period: is not a known field")
  })

  it("takes overridden field limits", () => {
    const { checkoutRequestInput } = createPaymentOrderSchemas({
      order_no: 10,
      note: 5000,
    })
    expect(
      checkoutRequestInput.safeParse({ ...order, order_no: "O".repeat(11) })
        .success
    ).toBe(false)
    expect(
      checkoutRequestInput.safeParse({
        ...order,
        order_no: "O-1",
        note: "n".repeat(4000),
      }).success
    ).toBe(true)
  })
})
