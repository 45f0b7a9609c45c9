/**
 * Nothing card-like kept by accident: a card number a shopper (or an admin)
 * types into free text is stored as first 6 / last 4, at the boundary where
 * the value is parsed; numbers that are not card-like stay as typed.
 */
import type { MedusaRequest } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  dropMemoryModule,
  useMemoryModule,
} from "../modules/acquiring/__fixtures__/memory-module"
import { memorySessionStates } from "../accounts/__fixtures__/test-gateway"
import { maskCardNumbersInText } from "../gateway/redact"
import { DeviceSchema } from "./device"
import { CartSnapshotSchema } from "./cart-snapshot"
import { clientContextOf, snapshotOf } from "./cart-snapshot-loader"
import { gatheredInput, newSessionData } from "../checkout/new-session"
import { writeSession } from "./session-store"
import { takeIntake, withIntake } from "./intake"
import { readOrderBalance } from "../order-payments/order-balance"
import { CreatePayoutBody } from "../admin-contract/payout-requests"
import { CreateAccountSchema } from "../admin-contract/account-requests"

const MASKED = "411111******1111"

/** Typed card numbers, as text and as they must be stored. */
const CARD_LIKE: [string, string][] = [
  ["4111111111111111", "411111******1111"],
  ["4111 1111 1111 1111", "411111******1111"],
  ["4111-1111-1111-1111", "411111******1111"],
  ["Android 4111111111111111 build", "Android 411111******1111 build"],
  ["Qty 2 4111 1111 1111 1111 thanks", "Qty 2 411111******1111 thanks"],
  ["amex 378282246310005", "amex 378282*****0005"],
  [
    "4111111111111111 and 5555-5555-5555-4444",
    "411111******1111 and 555555******4444",
  ],
]

/** Numbers that are not card numbers: kept exactly. */
const NOT_CARD_LIKE = [
  "+44 20 7946 0958",
  "SW1A 1AA",
  "12345",
  "90210-1234",
  "123456789012",
  "4111111111111112",
  "4111 1111 1111 1112",
  "12345678901234567890",
  "Chrome/120.0.6099.224 Safari/537.36",
  "19.99",
]

describe("maskCardNumbersInText", () => {
  it.each(CARD_LIKE)("stores %j as %j", (typed, stored) => {
    expect(maskCardNumbersInText(typed)).toBe(stored)
  })

  it.each(NOT_CARD_LIKE)("keeps %j as typed", (typed) => {
    expect(maskCardNumbersInText(typed)).toBe(typed)
  })
})

describe("device data", () => {
  it.each(CARD_LIKE)("masks %j typed into os and browser", (typed, stored) => {
    const device = DeviceSchema.parse({ os: typed, browser: typed })
    expect(device).toEqual({ os: stored, browser: stored })
  })

  it.each(NOT_CARD_LIKE)("keeps %j typed into os and browser", (typed) => {
    expect(DeviceSchema.parse({ os: typed, browser: typed })).toEqual({
      os: typed,
      browser: typed,
    })
  })

  it("leaves the structured fields as they were", () => {
    const device = {
      time_zone: "+02:00",
      resolution: "1920x1080",
      color_depth: "24",
      challenge_window_size: "01",
    }
    expect(DeviceSchema.parse(device)).toEqual(device)
  })
})

/** A Medusa cart whose free text holds `typed`; its ids, codes and amounts hold digits too. */
function cartTyping(typed: string) {
  return {
    id: "cart_01J4111111111111111",
    email: "ada@example.test",
    currency_code: "usd",
    customer_id: "cus_123456789012",
    customer: { phone: "+44 20 7946 0958" },
    total: "4111111111111111",
    item_subtotal: 10,
    shipping_subtotal: 5,
    discount_subtotal: 0,
    tax_total: 0,
    items: [
      {
        id: "item_1",
        product_title: typed,
        variant_sku: "4111111111111111",
        product_id: "prod_1",
        product_type: "Gift card",
        unit_price: 10,
        quantity: 1,
      },
    ],
    shipping_address: {
      first_name: typed,
      last_name: "Shopper",
      address_1: "12 Harbour Street",
      postal_code: "SW1A 1AA",
      country_code: "gb",
      phone: "+44 20 7946 0958",
    },
    billing_address: { company: typed, postal_code: "12345" },
    promotions: [{ code: "4111111111111111" }],
  }
}

/** The same cart with no card-like digits outside its free text. */
function plainCartTyping(typed: string) {
  const cart = cartTyping(typed)
  return {
    ...cart,
    id: "cart_1",
    total: 15,
    items: [{ ...cart.items[0], variant_sku: "TOTE-B" }],
    promotions: [],
  }
}

describe("the cart snapshot", () => {
  it.each(CARD_LIKE)(
    "masks %j typed into an item's name, a name and a company",
    (typed, stored) => {
      const snapshot = snapshotOf(cartTyping(typed))
      expect(snapshot.items[0].name).toBe(stored)
      expect(snapshot.shipping_address?.first_name).toBe(stored)
      expect(snapshot.billing_address?.company).toBe(stored)
    }
  )

  it("keeps ids, codes, amounts, phone numbers and postcodes exactly", () => {
    const snapshot = snapshotOf(cartTyping("Tote"))
    expect(snapshot).toEqual({
      id: "cart_01J4111111111111111",
      email: "ada@example.test",
      currency_code: "USD",
      customer_id: "cus_123456789012",
      customer_phone: "+44 20 7946 0958",
      totals: {
        total: "4111111111111111",
        item_subtotal: "10",
        shipping_subtotal: "5",
        discount_subtotal: "0",
        tax_total: "0",
      },
      items: [
        {
          id: "item_1",
          name: "Tote",
          code: "4111111111111111",
          product_id: "prod_1",
          category: "Gift card",
          unit_price: "10",
          quantity: 1,
          requires_shipping: null,
        },
      ],
      shipping_address: {
        first_name: "Tote",
        last_name: "Shopper",
        address_1: "12 Harbour Street",
        postal_code: "SW1A 1AA",
        country_code: "gb",
        phone: "+44 20 7946 0958",
      },
      billing_address: { company: "Tote", postal_code: "12345" },
      promotion_codes: ["4111111111111111"],
    })
  })

  it("masks a card number in the e-mail and the customer's phone", () => {
    const snapshot = snapshotOf({
      ...cartTyping("Tote"),
      email: "4111111111111111@example.test",
      customer: { phone: "4111 1111 1111 1111" },
    })
    expect(snapshot.email).toBe("411111******1111@example.test")
    expect(snapshot.customer_phone).toBe(MASKED)
  })

  it("masks stored data of an older version when it is read", () => {
    const parsed = CartSnapshotSchema.parse({
      ...snapshotOf(cartTyping("Tote")),
      items: [
        {
          id: "item_1",
          name: "Tote 4111 1111 1111 1111",
          unit_price: "10",
          quantity: 1,
        },
      ],
    })
    expect(parsed.items[0].name).toBe(`Tote ${MASKED}`)
  })
})

function requestWith(headers: Record<string, string>): MedusaRequest {
  return {
    ip: "::ffff:203.0.113.9",
    get: (name: string) => headers[name.toLowerCase()],
  } as unknown as MedusaRequest
}

describe("the client data", () => {
  it("masks a card number in the user agent and keeps the IP and language", () => {
    expect(
      clientContextOf(
        requestWith({
          "user-agent": "Mozilla/5.0 (Linux; Android 4111111111111111 build)",
          "accept-language": "en-GB,en;q=0.9",
        })
      )
    ).toEqual({
      shopper_ip: "203.0.113.9",
      user_agent: `Mozilla/5.0 (Linux; Android ${MASKED} build)`,
      browser_lang: "en-GB",
    })
  })

  it("reads the IP country only from the header the options name, and only a country code", () => {
    const request = (country: string) =>
      requestWith({ "cf-ipcountry": country, "x-country": "US" })
    expect(clientContextOf(request("DE")).ip_country).toBeUndefined()
    expect(clientContextOf(request("DE"), "cf-ipcountry").ip_country).toBe("de")
    // Cloudflare's "unknown" and "Tor" codes, and anything else, read as not known
    for (const odd of ["XX", "T1", "", "Germany"])
      expect(
        clientContextOf(request(odd), "cf-ipcountry").ip_country
      ).toBeUndefined()
  })
})

describe("what the session store is asked to write", () => {
  let states: ReturnType<typeof memorySessionStates>
  beforeEach(() => {
    states = memorySessionStates()
    useMemoryModule(states)
  })
  afterAll(() => dropMemoryModule())

  it("the session-creation route's intake and the session made from it carry the masked number only", async () => {
    const typed = "Android 4111 1111 1111 1111 build"
    // what the middleware (attach-cart.ts) gathers: the parsed device, the request's client data, the cart's snapshot
    const device = DeviceSchema.parse({
      os: typed,
      browser: "4111111111111111",
    })
    const taken = await withIntake(
      {
        device,
        client: clientContextOf(
          requestWith({ "user-agent": "UA 4111-1111-1111-1111" })
        ),
        cart: snapshotOf(plainCartTyping(typed)),
      },
      (token) => takeIntake(token)
    )
    const intake = JSON.stringify(taken)
    expect(intake).toContain(`Android ${MASKED} build`)

    const input = gatheredInput(taken ?? {})
    await writeSession(
      newSessionData(
        "payses_1",
        "15.00",
        "USD",
        { account: { id: null, mode: "test" } } as never,
        input
      )
    )
    const stored = states.rows.get("payses_1") as any
    expect(stored.device).toEqual({
      os: `Android ${MASKED} build`,
      browser: MASKED,
    })
    expect(stored.client.user_agent).toBe(`UA ${MASKED}`)
    expect(stored.cart.items[0].name).toBe(`Android ${MASKED} build`)
    expect(stored.cart.shipping_address.first_name).toBe(
      `Android ${MASKED} build`
    )
    expect(stored.cart.shipping_address.postal_code).toBe("SW1A 1AA")
    expect(stored.cart.shipping_address.phone).toBe("+44 20 7946 0958")
    expect(stored.cart.customer_id).toBe("cus_123456789012")

    // never the full number, however it was grouped
    for (const text of [intake, JSON.stringify(stored)])
      expect(text.replace(/[ -]/g, "")).not.toContain("4111111111111111")
  })

  it("a payment link's intake holds the order's e-mail and addresses masked", async () => {
    const order = {
      id: "order_1",
      display_id: 12,
      currency_code: "usd",
      email: "4111-1111-1111-1111@example.test",
      customer_id: "cus_1",
      summary: { pending_difference: 15 },
      shipping_address: {
        first_name: "Ada 4111111111111111",
        address_1: "12 Harbour Street",
        postal_code: "SW1A 1AA",
        country_code: "gb",
      },
      billing_address: null,
      payment_collections: [],
    }
    const container = {
      resolve: (key: string) => {
        if (key !== ContainerRegistrationKeys.QUERY)
          throw new Error(`unexpected resolve of ${key}`)
        return { graph: async () => ({ data: [order] }) }
      },
    }
    const balance = await readOrderBalance(container as never, "order_1")
    // what payment-links/owed-session.ts hands the link's session as its intake
    const cart = balance.shopper as any
    expect(cart.email).toBe(`${MASKED}@example.test`)
    expect(cart.shipping_address).toEqual({
      first_name: `Ada ${MASKED}`,
      address_1: "12 Harbour Street",
      postal_code: "SW1A 1AA",
      country_code: "gb",
    })
  })
})

describe("admin free text", () => {
  const payout = {
    beneficiary: {
      entity_type: "INDIVIDUAL",
      first_name: "Ada",
      last_name: "Shopper",
      bank_details: { account_number: "12345678", swift_code: "DEUTDEFF" },
    },
    payment_amount: "150.00",
    payment_currency: "EUR",
    reference: "INV-123456789012",
  }

  it("masks a card number in a payout's reason, keeping its reference", () => {
    const parsed = CreatePayoutBody.safeParse({
      ...payout,
      reason: "Refund to 4111 1111 1111 1111",
    })
    expect(parsed.error?.issues).toBeUndefined()
    expect(parsed.data?.reason).toBe(`Refund to ${MASKED}`)
    expect(parsed.data?.reference).toBe("INV-123456789012")
  })

  it("keeps a payout's reason without a card number as typed", () => {
    const parsed = CreatePayoutBody.safeParse({
      ...payout,
      reason: "Invoice 123456789012, call +44 20 7946 0958",
    })
    expect(parsed.data?.reason).toBe(
      "Invoice 123456789012, call +44 20 7946 0958"
    )
  })

  it("masks a card number in an account's name", () => {
    const parsed = CreateAccountSchema.safeParse({
      name: "Shop 4111111111111111",
      merchant_id: "M1",
      account_id: "A1",
      base_url: "https://acquirer.example",
    })
    expect(parsed.error?.issues).toBeUndefined()
    expect(parsed.data?.name).toBe(`Shop ${MASKED}`)
  })
})
