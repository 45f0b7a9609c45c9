import type { CartCoverage } from "../../../../lib/settings-api"
import { coverageGaps, scopeSummary, servedByText } from "./coverage-texts"

const row = (
  channel: string,
  region: string,
  served: Pick<CartCoverage, "served_by" | "account">
): CartCoverage => ({
  sales_channel: { id: `sc_${channel}`, name: channel },
  region: { id: `reg_${region}`, name: region, currency_code: "usd" },
  provider_id: "pp_acquiring-card_acquiring",
  ...served,
})

describe("the coverage map's words", () => {
  const byWeb = row("Web shop", "Europe", {
    served_by: "account",
    account: { id: "acqacc_1", name: "Web entity" },
  })
  const byConfig = row("App", "Europe", { served_by: "config", account: null })
  const nobody = row("App", "Canada", { served_by: "none", account: null })
  const nobodyToo = row("Kiosk", "Canada", {
    served_by: "none",
    account: null,
  })

  it("names the account, medusa-config, or says the payments are refused", () => {
    expect([byWeb, byConfig, nobody].map(servedByText)).toEqual([
      "Web entity",
      "medusa-config's options",
      "Nobody: card payments refused",
    ])
  })

  it("warns once, naming every sales channel and region nobody serves, and says nothing when all are served", () => {
    expect(coverageGaps([byWeb, byConfig])).toBeNull()
    expect(coverageGaps([byWeb, nobody, byConfig, nobodyToo])).toBe(
      "No account serves card payments for App in Canada, Kiosk in Canada: shoppers there are told card payments are unavailable. Tick the sales channel or region on an account, or add an account serving every cart."
    )
  })
})

describe("an account's scope on its row", () => {
  const store = {
    sales_channels: [{ id: "sc_web", name: "Web shop" }],
    regions: [{ id: "reg_ca", name: "Canada", currency_code: "cad" }],
  }
  it("names the channels and regions it is limited to, an id the store lost as it is", () => {
    expect(
      scopeSummary(
        { sales_channels: ["sc_web", "sc_gone"], regions: [] },
        store
      )
    ).toBe("Sales channels: Web shop, sc_gone")
    expect(
      scopeSummary({ sales_channels: ["sc_web"], regions: ["reg_ca"] }, store)
    ).toBe("Sales channels: Web shop · Regions: Canada")
    expect(scopeSummary({ sales_channels: [], regions: [] }, store)).toBeNull()
  })
})
