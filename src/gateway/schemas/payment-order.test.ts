import { InvalidInputError } from "../errors"
import { validate } from "./common"
import {
  authorizeRequestInputSchema,
  authorizeRequestSchema,
  cardFieldsSchema,
  checkoutRequestInputSchema,
  checkoutRequestSchema,
  createPaymentOrderSchemas,
  isStoredCardOrder,
  storedCardOrderInputSchema,
  typedCardOrderInputSchema,
} from "./payment-order"

/** The interface's order fields with sample-shaped values. */
const order = {
  order_no: "ORD-20261121-0001",
  currency: "USD",
  amount: "107.00",
  item_total: "100.00",
  shipping: "10.00",
  handling: "0.00",
  tax_total: "2.00",
  insurance: "0.00",
  shipping_discount: "5.00",
  discount: "0.00",
  website: "https://shop.example",
  items: "Blue shirt#,#SKU-1#,#50.00#,#2",
  note: "",
  shopper_id: "cus_01",
  shopper_email: "zoe@example.com",
  shopper_ip: "203.0.113.9",
  shopper_phone: "+4915112345678",
  shopper_level: "1",
  open3d: "do3DS",
  token_flag: "NO",
  token_id: "",
  first_name: "Zoë",
  last_name: "Müller",
  notify_url: "https://backend.example/hooks/payment/acquiring-card_acquiring",
  document: "",
  birth_date: "01-02-1990",
  billing_country: "DE",
  billing_state: "BE",
  billing_city: "Berlin",
  billing_address: "Hauptstr. 1",
  billing_postal_code: "10115",
  os: "Linux",
  browser: "Firefox",
  browser_lang: "de-DE",
  time_zone: "-60",
  resolution: "1920x1080",
  color_depth: "24",
  cookie_new: "a=1&b=2",
  cookie_old: "a=1",
  challenge_window_size: "01",
  session_id: "",
  delivery_firstname: "Zoë",
  delivery_lastname: "Müller",
  delivery_country: "DE",
  delivery_state: "BE",
  delivery_city: "Berlin",
  delivery_address: "Hauptstr. 1",
  delivery_postal_code: "10115",
  custom: "cart=cart_01",
  installments: "",
  installments_id: "",
  device_fingerprint: "",
  platform_source: "medusa",
  device_type: "desktop",
  order_type: "web",
  checkout_time: 1763733926,
  user_agent: "Mozilla/5.0",
  fraudvendor_token_cookie: "",
  price_id: "",
  quote_id: "",
  quote_price: "",
  storefront_domains: "shop.example",
  cart_items: [
    {
      basic_item_data: {
        name: "Blue shirt",
        quantity: "2",
        type: "physical",
        price: { amount_usd: 50, amount_local_currency: 50, currency: "USD" },
        category: "apparel",
        productId: "prod_01",
      },
    },
  ],
  account_owner: [
    {
      first_name: "Zoë",
      last_name: "Müller",
      email: "zoe@example.com",
      account_id: "cus_01",
      created: 1700000000,
      past_orders_count: 3,
      past_orders_sum: 250.5,
      lastLogin_ip: "203.0.113.9",
      registration_ip: "203.0.113.9",
    },
  ],
  total_discount: [
    { coupon_code_used: "WELCOME", discount_type: "percentage" },
  ],
  additional_information: [
    { mpi_info: { eci: "05", cavv: "AAAB", xid: "x1", dsTransID: "ds-1" } },
  ],
  subscription: {
    contract: "monthly",
    contract_name: "Gold",
    contract_amount: "9.99",
    interval: "day",
    interval_count: "30",
    billing_cycle: 12,
    promotion_cycle: 0,
    contract_start: "2026-11-21",
    contract_end: "2027-11-21",
    price_id: "price_1",
  },
}

const card = {
  card: "4242424242424242",
  expiration_month: "04",
  expiration_year: "2030",
  security_code: "123",
  accept: "text/html",
}

const envelope = {
  merchant_id: "10001",
  account_id: "10001001",
  encryption_data: "a".repeat(64),
}

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

describe("authorise request", () => {
  it("is the order extended with the card fields", () => {
    expect(authorizeRequestInputSchema.parse({ ...order, ...card })).toEqual({
      ...order,
      ...card,
    })
    expect(
      authorizeRequestSchema.safeParse({ ...order, ...card, ...envelope })
        .success
    ).toBe(true)
    expect(cardFieldsSchema.parse(card)).toEqual(card)
  })

  it("requires the card fields", () => {
    expect(
      typedCardOrderInputSchema.safeParse({ ...order, ...card }).success
    ).toBe(true)
    const result = authorizeRequestInputSchema.safeParse(order)
    expect(result.error?.issues.map((i) => i.path.join(".")).sort()).toEqual([
      "card",
      "expiration_month",
      "expiration_year",
      "security_code",
    ])
  })

  it.each([
    ["card", "4242 4242 4242 4242", "must be 12 to 19 digits"],
    ["card", "4".repeat(21), "must be at most 20 characters"],
    ["expiration_month", "13", "must be two digits 01 to 12"],
    ["expiration_year", "30", "must be four digits"],
    ["security_code", "12a", "must be 3 or 4 digits"],
  ])("refuses a bad %s without echoing it", (field, value, reason) => {
    try {
      validate(authorizeRequestInputSchema, {
        ...order,
        ...card,
        [field]: value,
      })
      throw new Error("expected a throw")
    } catch (e) {
      const error = e as InvalidInputError
      expect(error.field).toBe(field)
      expect(error.reason).toBe(reason)
      expect(error.message).not.toContain(value)
    }
  })
})

describe("stored-card order", () => {
  const { token_id: _empty, ...withoutToken } = order
  const stored = {
    ...withoutToken,
    token_id: "TK_7f3a9c",
    security_code: "123",
  }

  it("is picked by a non-empty token_id", () => {
    expect(isStoredCardOrder(stored)).toBe(true)
    expect(isStoredCardOrder({ ...order, ...card })).toBe(false)
    expect(isStoredCardOrder({ ...order, token_id: "" })).toBe(false)
    expect(isStoredCardOrder(undefined)).toBe(false)
  })

  it("needs neither card number nor expiry, and the security code may be left out", () => {
    expect(authorizeRequestInputSchema.parse(stored)).toEqual(stored)
    const { security_code: _cvc, ...unattended } = stored
    expect(authorizeRequestInputSchema.parse(unattended)).toEqual(unattended)
    expect(
      authorizeRequestInputSchema.parse({
        ...stored,
        card: "",
        expiration_month: "",
        expiration_year: "",
        security_code: "",
      })
    ).toMatchObject({ token_id: "TK_7f3a9c", card: "", security_code: "" })
    expect(storedCardOrderInputSchema.safeParse(stored).success).toBe(true)
  })

  it.each([
    ["card", "4242424242424242"],
    ["expiration_month", "04"],
    ["expiration_year", "2030"],
  ])("refuses a %s beside a token_id, without echoing it", (field, value) => {
    try {
      validate(authorizeRequestInputSchema, { ...stored, [field]: value })
      throw new Error("expected a throw")
    } catch (e) {
      const error = e as InvalidInputError
      expect(error).toBeInstanceOf(InvalidInputError)
      expect(error.field).toBe(field)
      expect(error.reason).toBe(
        "must be empty when paying with a stored card (token_id)"
      )
      expect(error.message).not.toContain(value)
    }
  })

  it.each([
    ["security_code", "12", "must be 3 or 4 digits, or empty"],
    ["token_id", "T".repeat(65), "must be at most 64 characters"],
    ["token_id", " ", "is required and must not be empty"],
  ])("refuses %s = bad value", (field, value, reason) => {
    try {
      validate(authorizeRequestInputSchema, { ...stored, [field]: value })
      throw new Error("expected a throw")
    } catch (e) {
      expect((e as InvalidInputError).field).toBe(field)
      expect((e as InvalidInputError).reason).toBe(reason)
    }
  })

  it("takes a token of 64 characters, and an overridden token_id limit", () => {
    expect(
      authorizeRequestInputSchema.safeParse({
        ...stored,
        token_id: "T".repeat(64),
      }).success
    ).toBe(true)
    const { authorizeRequestInput } = createPaymentOrderSchemas({
      token_id: 9,
    })
    // "TK_7f3a9c" has 9 characters
    expect(authorizeRequestInput.safeParse(stored).success).toBe(true)
    expect(
      authorizeRequestInput.safeParse({ ...stored, token_id: "T".repeat(10) })
        .success
    ).toBe(false)
  })

  it("names an unknown field as the typed shape does", () => {
    expect(() =>
      validate(authorizeRequestInputSchema, { ...stored, cvv: "123" })
    ).toThrow("invalid cvv: is not a known field")
  })

  it("travels with the card fields present and empty", () => {
    const wire = {
      ...stored,
      ...envelope,
      card: "",
      expiration_month: "",
      expiration_year: "",
    }
    expect(authorizeRequestSchema.safeParse(wire).success).toBe(true)
    const { card: _c, ...missingCard } = wire
    expect(
      authorizeRequestSchema.safeParse(missingCard).error?.issues[0].path
    ).toEqual(["card"])
    expect(
      authorizeRequestSchema.safeParse({ ...wire, security_code: undefined })
        .success
    ).toBe(false)
  })
})
