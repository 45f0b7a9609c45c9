import { servedProvider as provider } from "./__fixtures__/served-provider"
import { optionValueText } from "./option-values"
import { retentionBlankText, splitRetention } from "./retention-form"

describe("the retention periods of the account form", () => {
  it("say what a blank leaves in force: medusa-config's period, else the default", () => {
    const config = provider({
      retention: {
        value: { shopper_data_days: 90, history_days: 400 },
        source: "config",
      },
    })
    expect(retentionBlankText("shopper_data_days", [config])).toBe(
      "Left blank: 90 days (medusa-config)."
    )
    expect(retentionBlankText("history_days", [])).toBe(
      "Left blank: 365 days (default)."
    )
  })

  it("leave anything else under retention in the advanced JSON, where a refusal can be read", () => {
    expect(
      splitRetention({ retention: { shopper_data_days: 30, days: 5 } })
    ).toEqual({
      shopper_data_days: "30",
      history_days: "",
      advanced: { retention: { days: 5 } },
    })
  })

  it("read in words on the settings page", () => {
    expect(
      optionValueText("retention", {
        shopper_data_days: 180,
        history_days: 365,
      })
    ).toBe("shopper data 180 days, history 365 days")
  })
})
