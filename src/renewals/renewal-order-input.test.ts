import {
  priceGap,
  renewalOrderInput,
  type FirstOrder,
} from "./renewal-order-input"

const FIRST: FirstOrder = {
  id: "order_first",
  display_id: 7,
  email: "ana@example.com",
  customer_id: "cus_1",
  region_id: "reg_1",
  sales_channel_id: "sc_1",
  currency_code: "usd",
  shipping_address: {
    id: "addr_first",
    first_name: "Ana",
    address_1: "1 Bean Street",
    city: "Lisbon",
    country_code: "pt",
    created_at: "2026-11-01T00:00:00Z",
    metadata: null,
  },
  billing_address: null,
  items: [
    {
      id: "ordli_1",
      title: "Beans",
      variant_id: "variant_1",
      product_id: "prod_1",
      quantity: 2,
      raw_quantity: { value: "2", precision: 20 },
      unit_price: 6.1,
      raw_unit_price: { value: "6.1", precision: 20 },
      requires_shipping: true,
      is_tax_inclusive: false,
      tax_lines: [
        {
          id: "taxl_1",
          code: "VAT",
          rate: 23,
          raw_rate: { value: "23", precision: 20 },
          provider_id: "tp_system",
        },
      ],
      adjustments: [
        { id: "adj_1", code: "WELCOME", amount: 1, promotion_id: "promo_1" },
      ],
    },
  ],
  shipping_methods: [
    {
      id: "ordsm_1",
      name: "Standard",
      amount: 2.8,
      raw_amount: { value: "2.8", precision: 20 },
      shipping_option_id: "so_1",
      tax_lines: [],
      adjustments: [],
    },
  ],
}

describe("renewalOrderInput", () => {
  const input = renewalOrderInput(FIRST, {
    id: "order_renewal",
    order_no: "MEDabc-R2",
    recurring_id: "RC1",
    deduction_number: 2,
  })

  it("copies the first order's customer, region, channel and items at the prices sold, as exact decimals", () => {
    expect(input).toMatchObject({
      id: "order_renewal",
      email: "ana@example.com",
      customer_id: "cus_1",
      region_id: "reg_1",
      sales_channel_id: "sc_1",
      currency_code: "usd",
    })
    expect(input.items).toEqual([
      {
        title: "Beans",
        variant_id: "variant_1",
        product_id: "prod_1",
        requires_shipping: true,
        is_tax_inclusive: false,
        quantity: "2",
        unit_price: "6.1",
        tax_lines: [{ code: "VAT", rate: "23", provider_id: "tp_system" }],
        adjustments: [{ code: "WELCOME", amount: "1" }],
      },
    ])
    expect(input.shipping_methods).toEqual([
      {
        name: "Standard",
        amount: "2.8",
        shipping_option_id: "so_1",
        tax_lines: [],
        adjustments: [],
      },
    ])
  })

  it("leaves the first order's row ids and promotions behind and names the deduction in metadata", () => {
    expect(JSON.stringify(input)).not.toMatch(
      /ordli_1|taxl_1|adj_1|promo_1|addr_first|ordsm_1/
    )
    expect(input.shipping_address).toEqual({
      first_name: "Ana",
      address_1: "1 Bean Street",
      city: "Lisbon",
      country_code: "pt",
    })
    expect(input.billing_address).toBeUndefined()
    expect(input.metadata).toEqual({
      acquiring_renewal_of: "order_first",
      acquiring_deduction: "MEDabc-R2",
      acquiring_deduction_number: 2,
      acquiring_subscription: "RC1",
    })
  })
})

describe("priceGap", () => {
  it("is null when the order's total is what was charged, however written", () => {
    expect(priceGap("15", "15.00")).toBeNull()
  })

  it("credits a lower subscription price and adds a higher one, to the digit", () => {
    expect(priceGap("15", "12.50")).toEqual({ credit: "2.5" })
    expect(priceGap("0.3", "0.1")).toEqual({ credit: "0.2" })
    expect(priceGap("15", "17.005")).toEqual({ surcharge: "2.005" })
  })
})
