import { testAccount } from "./__fixtures__/test-account"
import { accountFor, scopeTie, serves } from "./account-record"

const CARD = "pp_acquiring-card_acquiring"
const HOSTED = "pp_acquiring-hosted_acquiring"

describe("accounts chosen by the cart's sales channel, region and currency", () => {
  // three accounts of a store selling in two channels: one per channel, one for the rest
  const fallback = testAccount({
    id: "fallback",
    created_at: new Date("2026-01-01T00:00:00Z"),
  })
  const web = testAccount({
    id: "web",
    sales_channels: ["sc_web"],
    created_at: new Date("2026-03-01T00:00:00Z"),
  })
  const shops = testAccount({
    id: "shops",
    sales_channels: ["sc_shops"],
    created_at: new Date("2026-02-01T00:00:00Z"),
  })
  const euro = testAccount({
    id: "euro",
    regions: ["reg_eu"],
    currencies: ["eur"],
    created_at: new Date("2026-02-15T00:00:00Z"),
  })
  const accounts = [fallback, web, shops, euro]

  it("serves a cart whose channel, region and currency the account lists or leaves open", () => {
    expect(serves(web, CARD, { sales_channel_id: "sc_web" })).toBe(true)
    expect(serves(web, CARD, { sales_channel_id: "sc_shops" })).toBe(false)
    expect(serves(euro, CARD, { region_id: "reg_eu", currency: "EUR" })).toBe(
      true
    )
    expect(serves(euro, CARD, { region_id: "reg_us", currency: "EUR" })).toBe(
      false
    )
    expect(serves(euro, CARD, { region_id: "reg_eu", currency: "USD" })).toBe(
      false
    )
    // a payment begun outside a cart (no channel known) is not kept from a scoped account
    expect(serves(web, CARD, { currency: "USD" })).toBe(true)
    expect(serves({ ...web, enabled: false }, CARD, {})).toBe(false)
  })

  it("takes the account naming the cart's sales channel over one naming its region, over one naming its currency, over the rest", () => {
    const choose = (cart: Parameters<typeof accountFor>[2]) =>
      accountFor(accounts, CARD, cart)?.id
    expect(
      choose({
        sales_channel_id: "sc_web",
        region_id: "reg_eu",
        currency: "EUR",
      })
    ).toBe("web")
    expect(
      choose({
        sales_channel_id: "sc_shops",
        region_id: "reg_us",
        currency: "USD",
      })
    ).toBe("shops")
    expect(
      choose({
        sales_channel_id: "sc_app",
        region_id: "reg_eu",
        currency: "EUR",
      })
    ).toBe("euro")
    expect(
      choose({
        sales_channel_id: "sc_app",
        region_id: "reg_us",
        currency: "USD",
      })
    ).toBe("fallback")
    const eurOnly = testAccount({ id: "eur-only", currencies: ["eur"] })
    expect(
      accountFor([fallback, eurOnly], CARD, {
        sales_channel_id: "sc_app",
        currency: "EUR",
      })?.id
    ).toBe("eur-only")
  })

  it("finds two accounts that would tie for some cart, and only those", () => {
    // both name a channel, and share one
    expect(
      scopeTie(
        web,
        testAccount({ id: "web-2", sales_channels: ["sc_app", "sc_web"] })
      )
    ).toBe(true)
    // both name a channel, none in common: each cart has one
    expect(scopeTie(web, shops)).toBe(false)
    // the same channel, but one names a region too: that one is more specific
    expect(
      scopeTie(
        web,
        testAccount({
          id: "web-eu",
          sales_channels: ["sc_web"],
          regions: ["reg_eu"],
        })
      )
    ).toBe(false)
    // the same rank and channel, different currencies: no cart is served by both
    expect(
      scopeTie(
        testAccount({
          id: "a",
          sales_channels: ["sc_web"],
          currencies: ["eur"],
        }),
        testAccount({
          id: "b",
          sales_channels: ["sc_web"],
          currencies: ["usd"],
        })
      )
    ).toBe(false)
    // the same scope but different providers
    expect(
      scopeTie(
        testAccount({ id: "a", sales_channels: ["sc_web"], providers: [CARD] }),
        testAccount({
          id: "b",
          sales_channels: ["sc_web"],
          providers: [HOSTED],
        })
      )
    ).toBe(false)
    // a disabled or deleted account ties with nothing, nor does an account with itself
    expect(scopeTie(web, { ...web, id: "off", enabled: false })).toBe(false)
    expect(scopeTie(web, { ...web, id: "gone", deleted_at: new Date() })).toBe(
      false
    )
    expect(scopeTie(web, web)).toBe(false)
    // two accounts serving everything tie
    expect(scopeTie(fallback, testAccount({ id: "other" }))).toBe(true)
  })
})
