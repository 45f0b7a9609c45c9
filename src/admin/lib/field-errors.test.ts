import { fieldErrorsOf } from "./field-errors"

const FIELDS = [
  "name",
  "base_url",
  "currencies",
  "website_url",
  "backend_url",
  "storefront_url",
  "advanced",
] as const

describe("a server 400 read back as messages beside its fields", () => {
  it("names each field of an account the server refused as a whole, once", () => {
    expect(
      fieldErrorsOf(
        "website_url: is required (medusa-config supplies none); backend_url: is required (medusa-config supplies none); storefront_url: is required (medusa-config supplies none); storefront_url: is required (an absolute http(s) URL)",
        FIELDS
      )
    ).toEqual({
      fields: {
        website_url: "is required (medusa-config supplies none)",
        backend_url: "is required (medusa-config supplies none)",
        storefront_url: "is required (medusa-config supplies none)",
      },
    })
  })

  it("reads the body check's message, array entries and nested paths", () => {
    expect(
      fieldErrorsOf(
        "Invalid request: base_url: must be an absolute http(s) URL; currencies[0]: must be an ISO 4217 currency code; advanced.limits.batch.capture: must be positive",
        FIELDS
      )
    ).toEqual({
      fields: {
        base_url: "must be an absolute http(s) URL",
        currencies: "entry 1: must be an ISO 4217 currency code",
        advanced: "limits.batch.capture: must be positive",
      },
    })
  })

  it("keeps a reason's own semicolons with its field", () => {
    expect(
      fieldErrorsOf(
        'advanced.recipes.refnd: unknown message kind "refnd"; known: pay, refund',
        FIELDS
      ).fields
    ).toEqual({
      advanced:
        'recipes.refnd: unknown message kind "refnd"; known: pay, refund',
    })
  })

  it("leaves what names no field of the form for the form's alert", () => {
    expect(
      fieldErrorsOf(
        "Invalid request: body: has unknown field(s) apiKey; name: must not be empty",
        FIELDS
      )
    ).toEqual({
      fields: { name: "must not be empty" },
      rest: "body: has unknown field(s) apiKey",
    })
    expect(
      fieldErrorsOf(
        "Set ACQUIRING_SETTINGS_KEY (32 bytes, base64 or hex) in the backend's environment",
        FIELDS
      )
    ).toEqual({
      fields: {},
      rest: "Set ACQUIRING_SETTINGS_KEY (32 bytes, base64 or hex) in the backend's environment",
    })
  })

  it("does not take a field's name inside a longer word for the field", () => {
    expect(fieldErrorsOf("rename: x; name_x: y", FIELDS)).toEqual({
      fields: {},
      rest: "rename: x; name_x: y",
    })
  })

  it("says how many more fields the body check left out", () => {
    expect(
      fieldErrorsOf(
        "Invalid request: name: must not be empty; base_url: must be an absolute http(s) URL (and 2 more)",
        FIELDS
      )
    ).toEqual({
      fields: {
        name: "must not be empty",
        base_url: "must be an absolute http(s) URL",
      },
      rest: "2 more field(s) refused",
    })
  })
})
