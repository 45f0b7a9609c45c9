import { buildPaymentOrder } from "./payment-order"
import type { CartSnapshot } from "../payment-sessions/cart-snapshot"

function cart(
  currency: string,
  totals: CartSnapshot["totals"],
  items: CartSnapshot["items"]
): CartSnapshot {
  return {
    id: "cart_1",
    email: "ada@example.com",
    currency_code: currency,
    customer_id: "cus_1",
    totals,
    items,
    shipping_address: {
      first_name: "Ada",
      last_name: "Lovelace",
      address_1: "1 Analytical St",
      address_2: "Flat 2",
      city: "London",
      province: "Greater London",
      postal_code: "N1 1AA",
      country_code: "gb",
      phone: "+44 20 1234",
    },
    billing_address: null,
  }
}

const base = {
  order_no: "MED01ABC",
  website: "https://shop.example",
  notify_url: "https://api.example/hooks/payment/acquiring-card_acquiring",
  three_d_secure: "issuer" as const,
}

describe("buildPaymentOrder", () => {
  it("JPY: zero-digit amounts, items string and breakdown", () => {
    const order = buildPaymentOrder({
      ...base,
      amount: 3500,
      currency: "jpy",
      cart: cart(
        "jpy",
        {
          total: "3500",
          item_subtotal: "3000",
          shipping_subtotal: "500",
          discount_subtotal: "0",
          tax_total: "0",
        },
        [
          {
            id: "item_1",
            name: "Tee",
            code: "TEE-1",
            unit_price: "1500",
            quantity: 2,
          },
        ]
      ),
    })
    expect(order.currency).toBe("JPY")
    expect(order.amount).toBe("3500")
    expect(order.item_total).toBe("3000")
    expect(order.shipping).toBe("500")
    expect(order.tax_total).toBe("0")
    expect(order.discount).toBe("0")
    expect(order.items).toBe("Tee#,#TEE-1#,#1500#,#2")
    expect(order.shopper_email).toBe("ada@example.com")
    expect(order.billing_country).toBe("GB")
    expect(order.billing_address).toBe("1 Analytical St, Flat 2")
    expect(order.delivery_firstname).toBe("Ada")
    expect(order.shopper_phone).toBe("+44 20 1234")
    expect(order.open3d).toBeUndefined()
  })

  it("USD: rounds each part once half-up and puts the residue in tax_total", () => {
    const order = buildPaymentOrder({
      ...base,
      amount: "16.012",
      currency: "usd",
      cart: cart(
        "usd",
        {
          total: "16.012",
          item_subtotal: "10.004",
          shipping_subtotal: "5.004",
          discount_subtotal: "0",
          tax_total: "1.004",
        },
        [{ id: "item_1", name: "Mug", unit_price: "10.004", quantity: 1 }]
      ),
    })
    expect(order.amount).toBe("16.01")
    expect(order.item_total).toBe("10.00")
    expect(order.shipping).toBe("5.00")
    expect(order.tax_total).toBe("1.01")
    expect(order.discount).toBe("0.00")
    // an empty item code is written 0
    expect(order.items).toBe("Mug#,#0#,#10.00#,#1")
    expect(order.cart_items).toEqual([
      {
        basic_item_data: {
          name: "Mug",
          quantity: "1",
          type: "physical",
          price: { amount_local_currency: "10.00", currency: "USD" },
          category: "",
          productId: "item_1",
        },
      },
    ])
  })

  it("USD: half-up on a 5, with a discount", () => {
    const order = buildPaymentOrder({
      ...base,
      amount: "26.0039",
      currency: "USD",
      cart: cart(
        "USD",
        {
          total: "26.0039",
          item_subtotal: "20.005",
          shipping_subtotal: "4.994",
          discount_subtotal: "1",
          tax_total: "2.0049",
        },
        [{ id: "i", name: "Pen", unit_price: "20.005", quantity: 1 }]
      ),
    })
    expect(order.total_discount).toBeUndefined()
    expect([
      order.amount,
      order.item_total,
      order.shipping,
      order.tax_total,
      order.discount,
    ]).toEqual(["26.00", "20.01", "4.99", "2.00", "1.00"])
  })

  it("KWD: three digits", () => {
    const order = buildPaymentOrder({
      ...base,
      amount: "13.4632",
      currency: "kwd",
      cart: cart(
        "kwd",
        {
          total: "13.4632",
          item_subtotal: "12.3455",
          shipping_subtotal: "1.0004",
          discount_subtotal: "0.5",
          tax_total: "0.6173",
        },
        [{ id: "i", name: "Dates", unit_price: "12.3455", quantity: 1 }]
      ),
    })
    expect([
      order.amount,
      order.item_total,
      order.shipping,
      order.tax_total,
      order.discount,
    ]).toEqual(["13.463", "12.346", "1.000", "0.617", "0.500"])
  })

  it("names the promotion codes used", () => {
    const withCode = cart(
      "usd",
      {
        total: "9",
        item_subtotal: "10",
        shipping_subtotal: "0",
        discount_subtotal: "1",
        tax_total: "0",
      },
      [{ id: "i", name: "Cap", unit_price: "10", quantity: 1 }]
    )
    withCode.promotion_codes = ["SPRING10"]
    const order = buildPaymentOrder({
      ...base,
      amount: "9",
      currency: "usd",
      cart: withCode,
    })
    expect(order.total_discount).toEqual([
      { coupon_code_used: "SPRING10", discount_type: "promotion" },
    ])
    expect(order.discount).toBe("1.00")
  })

  it("sends no breakdown when the amount is not the cart total (gift card)", () => {
    const order = buildPaymentOrder({
      ...base,
      amount: "50",
      currency: "usd",
      cart: cart(
        "usd",
        {
          total: "100",
          item_subtotal: "100",
          shipping_subtotal: "0",
          discount_subtotal: "0",
          tax_total: "0",
        },
        [{ id: "i", name: "Lamp", unit_price: "100", quantity: 1 }]
      ),
    })
    expect(order.amount).toBe("50.00")
    for (const field of [
      "item_total",
      "shipping",
      "tax_total",
      "discount",
    ] as const)
      expect(order[field]).toBeUndefined()
  })

  it("strips item separators from names and carries device, client and 3-D Secure mode", () => {
    const order = buildPaymentOrder({
      ...base,
      three_d_secure: "always",
      amount: "5",
      currency: "usd",
      cart: cart(
        "usd",
        {
          total: "5",
          item_subtotal: "5",
          shipping_subtotal: "0",
          discount_subtotal: "0",
          tax_total: "0",
        },
        [
          {
            id: "i",
            name: "A#,#B#;#C",
            code: "X",
            unit_price: "5",
            quantity: 1,
          },
        ]
      ),
      device: {
        os: "Linux",
        browser: "Firefox",
        time_zone: "-60",
        resolution: "1920x1080",
        color_depth: "24",
        challenge_window_size: "01",
      },
      client: {
        shopper_ip: "203.0.113.9",
        user_agent: "Mozilla/5.0",
        browser_lang: "de-DE",
      },
      holder: { first_name: "Grace", last_name: "Hopper" },
    })
    expect(order.items).toBe("ABC#,#X#,#5.00#,#1")
    expect(order.open3d).toBe("do3DS")
    expect(order.first_name).toBe("Grace")
    expect(order.shopper_ip).toBe("203.0.113.9")
    expect(order.browser_lang).toBe("de-DE")
    expect(order.challenge_window_size).toBe("01")
    expect(order.resolution).toBe("1920x1080")
  })
})
