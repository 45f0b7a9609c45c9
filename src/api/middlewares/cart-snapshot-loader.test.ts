import { snapshotOf } from "./cart-snapshot-loader"

describe("snapshotOf", () => {
  it("keeps totals as exact decimal strings and names items by product and variant", () => {
    const snapshot = snapshotOf({
      id: "cart_1",
      email: "ada@example.com",
      currency_code: "usd",
      customer_id: null,
      total: 25.1,
      item_subtotal: { value: "20.0049999", precision: 20 },
      shipping_subtotal: 5,
      discount_subtotal: 0,
      tax_total: "0.0950001",
      items: [
        {
          id: "item_1",
          product_title: "Tote",
          variant_title: "Blue",
          variant_sku: "TOTE-B",
          product_id: "prod_1",
          unit_price: 10.00249995,
          quantity: 2,
        },
        null,
      ],
      shipping_address: {
        first_name: "Ada",
        country_code: "us",
        phone: null,
        metadata: { secret: "x" },
      },
      billing_address: null,
      promotions: [{ code: "SPRING" }],
    })
    expect(snapshot.currency_code).toBe("USD")
    expect(snapshot.totals).toEqual({
      total: "25.1",
      item_subtotal: "20.0049999",
      shipping_subtotal: "5",
      discount_subtotal: "0",
      tax_total: "0.0950001",
    })
    expect(snapshot.items).toEqual([
      {
        id: "item_1",
        name: "Tote (Blue)",
        code: "TOTE-B",
        product_id: "prod_1",
        category: null,
        unit_price: "10.00249995",
        quantity: 2,
        requires_shipping: null,
      },
    ])
    expect(snapshot.shipping_address).toEqual({
      first_name: "Ada",
      country_code: "us",
    })
    expect(snapshot.billing_address).toBeNull()
    expect(snapshot.promotion_codes).toEqual(["SPRING"])
  })
})
