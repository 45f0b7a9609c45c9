/**
 * What the plugin's admin pages need to show something, made through the
 * running store's HTTP APIs as a merchant's admin and a shopper would: a
 * sales channel, region, warehouse, shipping and a product (admin API), an
 * order paid with the sandbox's test card through the card provider (store
 * API, the plugin's card route), a draft order staff took by telephone and
 * a payout (the plugin's admin API).
 */
import {
  expectStatus,
  httpClient,
  type HttpClient,
} from "../../dev/store-client/http-client"
import {
  completeCart,
  createReadyCart,
  openPaymentSession,
  storeApi,
} from "../../dev/store-client/storefront"

export const CARD_PROVIDER = "pp_acquiring-card_acquiring"
export const HOSTED_PROVIDER = "pp_acquiring-hosted_acquiring"
const CARD = {
  number: "4242424242424242",
  expiry_month: "12",
  expiry_year: "2031",
  security_code: "918",
}
export const MASKED_CARD = "424242******4242"

export type StoreData = {
  orderId: string
  draftOrderId: string
  customerId: string
  payoutId: string
}

/** POSTs as the admin and answers the body; any status but 200 fails the check. */
function adminPost(admin: HttpClient) {
  return async (path: string, body: unknown): Promise<any> =>
    expectStatus(await admin.post(path, body), 200, `POST ${path}`)
}

async function seedCatalogue(admin: HttpClient) {
  const post = adminPost(admin)
  const { sales_channel } = await post("/admin/sales-channels", {
    name: "Web shop",
  })
  const { api_key } = await post("/admin/api-keys", {
    title: "Storefront",
    type: "publishable",
  })
  await post(`/admin/api-keys/${api_key.id}/sales-channels`, {
    add: [sales_channel.id],
  })
  const { region } = await post("/admin/regions", {
    name: "United States",
    currency_code: "usd",
    countries: ["us"],
    payment_providers: [CARD_PROVIDER, HOSTED_PROVIDER],
    automatic_taxes: false,
  })
  const { stock_location } = await post("/admin/stock-locations", {
    name: "Warehouse",
    address: {
      address_1: "1 Dock Road",
      city: "Springfield",
      country_code: "us",
    },
  })
  await post(`/admin/stock-locations/${stock_location.id}/sales-channels`, {
    add: [sales_channel.id],
  })
  await post(
    `/admin/stock-locations/${stock_location.id}/fulfillment-providers`,
    { add: ["manual_manual"] }
  )
  const withSet = await post(
    `/admin/stock-locations/${stock_location.id}/fulfillment-sets?fields=*fulfillment_sets`,
    { name: "Warehouse shipping", type: "shipping" }
  )
  const { fulfillment_set } = await post(
    `/admin/fulfillment-sets/${withSet.stock_location.fulfillment_sets[0].id}/service-zones`,
    {
      name: "United States",
      geo_zones: [{ type: "country", country_code: "us" }],
    }
  )
  const { shipping_profile } = await post("/admin/shipping-profiles", {
    name: "Parcels",
    type: "default",
  })
  const { shipping_option } = await post("/admin/shipping-options", {
    name: "Standard",
    price_type: "flat",
    provider_id: "manual_manual",
    service_zone_id: fulfillment_set.service_zones[0].id,
    shipping_profile_id: shipping_profile.id,
    type: {
      label: "Standard",
      description: "Standard delivery",
      code: "standard",
    },
    prices: [{ currency_code: "usd", amount: 5 }],
    rules: [
      { attribute: "enabled_in_store", value: "true", operator: "eq" },
      { attribute: "is_return", value: "false", operator: "eq" },
    ],
  })
  const { product } = await post("/admin/products", {
    title: "Canvas tote",
    status: "published",
    shipping_profile_id: shipping_profile.id,
    options: [{ title: "Colour", values: ["Natural"] }],
    variants: [
      {
        title: "Natural",
        sku: "TOTE-NATURAL",
        manage_inventory: false,
        options: { Colour: "Natural" },
        prices: [{ currency_code: "usd", amount: 10 }],
      },
    ],
    sales_channels: [{ id: sales_channel.id }],
  })
  return {
    publishableKey: api_key.token as string,
    salesChannelId: sales_channel.id as string,
    variantId: product.variants[0].id as string,
    regions: {
      usd: {
        id: region.id,
        country: "us",
        shippingOptionId: shipping_option.id,
      },
    },
  }
}

/** A shopper's order, paid with the sandbox's approved test card through the card provider. */
async function paidOrder(
  backend: string,
  seeded: Awaited<ReturnType<typeof seedCatalogue>>
): Promise<{ id: string }> {
  const store = storeApi(
    () => backend,
    () => seeded.publishableKey
  )
  const cart = await createReadyCart(store, seeded)
  const { session, answer } = await openPaymentSession(
    store,
    cart.id,
    CARD_PROVIDER
  )
  expectStatus(answer, 200, "payment session")
  const paid = expectStatus(
    await store.post(`/store/acquiring/payment-sessions/${session.id}/card`, {
      card: CARD,
    }),
    200,
    "pay by card"
  ).payment_session
  if (paid.data.status !== "authorized")
    throw new Error(
      `the test card was not authorised: ${JSON.stringify(paid.data)}`
    )
  const placed = expectStatus(
    await completeCart(store, cart.id),
    200,
    "complete cart"
  )
  if (placed.type !== "order")
    throw new Error(`cart not completed: ${JSON.stringify(placed.error)}`)
  return placed.order
}

export async function createStoreData(
  backend: string,
  adminToken: string
): Promise<StoreData> {
  const admin = httpClient(
    () => backend,
    () => ({ authorization: `Bearer ${adminToken}` })
  )
  const seeded = await seedCatalogue(admin)
  const order = await paidOrder(backend, seeded)
  const { draft_order: draft } = await adminPost(admin)("/admin/draft-orders", {
    region_id: seeded.regions.usd.id,
    sales_channel_id: seeded.salesChannelId,
    email: "phone.order@install-check.test",
    items: [{ variant_id: seeded.variantId, quantity: 1 }],
  })
  const { payout } = expectStatus(
    await admin.post("/admin/acquiring/payouts", {
      beneficiary: {
        entity_type: "COMPANY",
        company_name: "Acme Supplies Ltd",
        address: { city: "London", country_code: "GB", postcode: "EC1A 1BB" },
        bank_details: {
          account_name: "Acme Supplies",
          iban: "GB33BUKB20201555555555",
          bank_name: "Test Bank",
          bank_country_code: "GB",
          swift_code: "BUKBGB22",
        },
      },
      payer: {
        entity_type: "COMPANY",
        company_name: "Install Check Shop",
        address: { country_code: "US" },
      },
      payment_amount: "120.50",
      payment_currency: "USD",
      payment_method: "SWIFT",
      swift_charge_option: "SHARED",
      fund_source: "DepositAccount",
      fee_paid_by: "PAYER",
      reference: "INSTALL-CHECK-1",
    }),
    201,
    "create a payout"
  )
  // the order as the admin sees it names the customer the guest checkout made
  const { order: placed } = expectStatus(
    await admin.get(`/admin/orders/${order.id}?fields=id,customer_id`),
    200,
    "the order's customer"
  )
  return {
    orderId: order.id,
    draftOrderId: draft.id,
    customerId: placed.customer_id,
    payoutId: payout.id,
  }
}
