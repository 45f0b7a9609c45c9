import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  createApiKeysWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
} from "@medusajs/medusa/core-flows"

/** One region per currency; amounts are Medusa's major units (10 = 10.00 USD). */
export type RegionSeed = {
  currency_code: string
  country: string
  unit_price: number
  shipping_price: number
}

export const USD_REGION: RegionSeed = {
  currency_code: "usd",
  country: "us",
  unit_price: 10,
  shipping_price: 5,
}
export const KWD_REGION: RegionSeed = {
  currency_code: "kwd",
  country: "kw",
  unit_price: 1.25,
  shipping_price: 0.5,
}
export const JPY_REGION: RegionSeed = {
  currency_code: "jpy",
  country: "jp",
  unit_price: 1500,
  shipping_price: 500,
}

export type SeededStore = {
  publishableKey: string
  salesChannelId: string
  variantId: string
  regions: Record<
    string,
    { id: string; country: string; shippingOptionId: string }
  >
}

/**
 * A store a shopper can check out in: sales channel with a publishable key,
 * regions that offer `paymentProviders`, a stock location that ships to the
 * regions' countries, a flat-rate shipping option and one product variant
 * priced in every region's currency (inventory not managed).
 */
export async function seedStore(
  container: MedusaContainer,
  options: {
    paymentProviders: string[]
    regions?: RegionSeed[]
    /** set for a store seeded beside another in one database: its unique names (profile, fulfilment set, product handle and SKU) end in it */
    suffix?: string
  }
): Promise<SeededStore> {
  const regions = options.regions ?? [USD_REGION]
  const suffix = options.suffix ?? ""
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const fulfillment = container.resolve(Modules.FULFILLMENT)

  const {
    result: [salesChannel],
  } = await createSalesChannelsWorkflow(container).run({
    input: { salesChannelsData: [{ name: "Web shop" }] },
  })

  const {
    result: [apiKey],
  } = await createApiKeysWorkflow(container).run({
    input: {
      api_keys: [
        {
          title: "Storefront",
          type: "publishable",
          created_by: "local-stack",
        },
      ],
    },
  })
  await linkSalesChannelsToApiKeyWorkflow(container).run({
    input: { id: apiKey.id, add: [salesChannel.id] },
  })

  const { result: createdRegions } = await createRegionsWorkflow(container).run(
    {
      input: {
        regions: regions.map((r) => ({
          name: `Region ${r.currency_code.toUpperCase()}`,
          currency_code: r.currency_code,
          countries: [r.country],
          payment_providers: options.paymentProviders,
          automatic_taxes: false,
        })),
      },
    }
  )

  const {
    result: [location],
  } = await createStockLocationsWorkflow(container).run({
    input: {
      locations: [
        {
          name: "Warehouse",
          address: {
            address_1: "1 Dock Road",
            city: "Springfield",
            country_code: regions[0].country,
          },
        },
      ],
    },
  })
  await linkSalesChannelsToStockLocationWorkflow(container).run({
    input: { id: location.id, add: [salesChannel.id] },
  })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
    [Modules.FULFILLMENT]: { fulfillment_provider_id: "manual_manual" },
  })

  const {
    result: [profile],
  } = await createShippingProfilesWorkflow(container).run({
    input: { data: [{ name: `Parcels${suffix}`, type: "default" }] },
  })
  const fulfillmentSet = await fulfillment.createFulfillmentSets({
    name: `Warehouse shipping${suffix}`,
    type: "shipping",
    service_zones: [
      {
        name: `Served countries${suffix}`,
        geo_zones: regions.map((r) => ({
          type: "country" as const,
          country_code: r.country,
        })),
      },
    ],
  })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
    [Modules.FULFILLMENT]: { fulfillment_set_id: fulfillmentSet.id },
  })

  const seeded: SeededStore["regions"] = {}
  for (const [index, region] of createdRegions.entries()) {
    const seed = regions[index]
    const { result: options_ } = await createShippingOptionsWorkflow(
      container
    ).run({
      input: [
        {
          name: `Standard ${seed.currency_code.toUpperCase()}`,
          price_type: "flat",
          provider_id: "manual_manual",
          service_zone_id: fulfillmentSet.service_zones[0].id,
          shipping_profile_id: profile.id,
          type: {
            label: "Standard",
            description: "Standard delivery",
            code: `standard-${seed.currency_code}`,
          },
          prices: [{ region_id: region.id, amount: seed.shipping_price }],
          rules: [
            { attribute: "enabled_in_store", value: "true", operator: "eq" },
            { attribute: "is_return", value: "false", operator: "eq" },
          ],
        },
      ],
    })
    seeded[seed.currency_code] = {
      id: region.id,
      country: seed.country,
      shippingOptionId: options_[0].id,
    }
  }

  const {
    result: [product],
  } = await createProductsWorkflow(container).run({
    input: {
      products: [
        {
          title: "Canvas tote",
          ...(suffix ? { handle: `canvas-tote${suffix.toLowerCase()}` } : {}),
          status: "published",
          shipping_profile_id: profile.id,
          options: [{ title: "Colour", values: ["Natural"] }],
          variants: [
            {
              title: "Natural",
              sku: `TOTE-NATURAL${suffix}`,
              manage_inventory: false,
              options: { Colour: "Natural" },
              prices: regions.map((r) => ({
                currency_code: r.currency_code,
                amount: r.unit_price,
              })),
            },
          ],
          sales_channels: [{ id: salesChannel.id }],
        },
      ],
    },
  })

  return {
    publishableKey: apiKey.token,
    salesChannelId: salesChannel.id,
    variantId: product.variants[0].id,
    regions: seeded,
  }
}
