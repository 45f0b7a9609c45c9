import { adminAccount } from "./__fixtures__/admin-account"
import { filledForm } from "./__fixtures__/filled-form"
import { servedProvider as provider } from "./__fixtures__/served-provider"
import { bodyOf, formOf, validate } from "./account-form"
import { thresholdBlankText } from "./chargeback-threshold-form"
import { optionValueText } from "./option-values"

const filled = (chargeback_threshold: string) =>
  filledForm({ chargeback_threshold })

describe("the chargeback threshold of the account form", () => {
  it("is a field of its own, read from and written to the advanced overrides", () => {
    const form = formOf(
      adminAccount({
        advanced: { chargeback_threshold_percent: "0.65", lookup_retries: 3 },
      })
    )
    expect(form.chargeback_threshold).toBe("0.65")
    expect(JSON.parse(form.advanced)).toEqual({ lookup_retries: 3 })
    expect(bodyOf(form).advanced).toEqual({
      lookup_retries: 3,
      chargeback_threshold_percent: "0.65",
    })
    // cleared: medusa-config's, else 0.9 %
    expect(bodyOf({ ...form, chargeback_threshold: "" }).advanced).toEqual({
      lookup_retries: 3,
    })
    // typed with its sign
    expect(bodyOf(filled("0.5 %")).advanced).toEqual({
      chargeback_threshold_percent: "0.5",
    })
  })

  it("names a threshold that is not a percentage beside its field", () => {
    expect(validate(filled("0.5"), new Set())).toEqual({})
    expect(validate(filled("0"), new Set())).toEqual({
      chargeback_threshold: "must be above 0",
    })
    expect(validate(filled("a lot"), new Set()).chargeback_threshold).toMatch(
      /^must be a percentage from 0\.01 to 100/
    )
  })

  it("says what a blank leaves in force: medusa-config's, else 0.9 %", () => {
    expect(
      thresholdBlankText([
        provider({
          chargeback_threshold_percent: { value: "0.75", source: "config" },
        }),
      ])
    ).toBe("Left blank: 0.75 % (medusa-config).")
    expect(thresholdBlankText([])).toBe("Left blank: 0.9 % (default).")
  })

  it("reads as a percentage on the settings page", () => {
    expect(optionValueText("chargeback_threshold_percent", "0.65")).toBe(
      "0.65 %"
    )
  })
})
