import { configWith } from "./__fixtures__/config-module"
import { testAccount } from "./__fixtures__/test-account"
import { cartCoverage } from "./cart-coverage"

const STORE = {
  sales_channels: [
    { id: "sc_web", name: "Web shop" },
    { id: "sc_app", name: "App" },
  ],
  regions: [
    { id: "reg_eu", name: "Europe", currency_code: "eur" },
    { id: "reg_us", name: "United States", currency_code: "usd" },
  ],
}

describe("which account serves each sales channel and region", () => {
  const web = testAccount({
    id: "web",
    name: "Web entity",
    sales_channels: ["sc_web"],
  })
  const euro = testAccount({ id: "eu", name: "EU entity", regions: ["reg_eu"] })

  it("names the account of every pair, and nobody where medusa-config is not complete", () => {
    const rows = cartCoverage(configWith({}), [web, euro], STORE)
    expect(
      rows.map((r) => [
        r.sales_channel.name,
        r.region.name,
        r.provider_id,
        r.served_by,
        r.account?.name ?? null,
      ])
    ).toEqual([
      [
        "Web shop",
        "Europe",
        "pp_acquiring-card_acquiring",
        "account",
        "Web entity",
      ],
      [
        "Web shop",
        "United States",
        "pp_acquiring-card_acquiring",
        "account",
        "Web entity",
      ],
      ["App", "Europe", "pp_acquiring-card_acquiring", "account", "EU entity"],
      ["App", "United States", "pp_acquiring-card_acquiring", "none", null],
    ])
  })

  const complete = {
    merchant_id: "M",
    account_id: "A",
    sign_key: "k",
    base_url: "https://gw.example",
    website: "https://shop.example",
    backend_url: "https://api.shop.example",
    storefront_return_url: "https://shop.example/return",
  }

  it("says medusa-config serves what no account does when its options are complete; deleted and disabled accounts serve nothing", () => {
    const rows = cartCoverage(
      configWith(complete),
      [
        { ...web, deleted_at: new Date() },
        { ...euro, enabled: false },
      ],
      STORE
    )
    expect(rows.map((r) => [r.served_by, r.account])).toEqual([
      ["config", null],
      ["config", null],
      ["config", null],
      ["config", null],
    ])
  })

  it("leaves to nobody the carts medusa-config's own currencies, sales channels or regions leave out", () => {
    const rows = cartCoverage(
      configWith({
        ...complete,
        sales_channels: ["sc_app"],
        currencies: ["USD"],
      }),
      [],
      STORE
    )
    expect(
      rows.map((r) => `${r.sales_channel.id} ${r.region.id} ${r.served_by}`)
    ).toEqual([
      "sc_web reg_eu none",
      "sc_web reg_us none",
      "sc_app reg_eu none",
      "sc_app reg_us config",
    ])
  })
})
