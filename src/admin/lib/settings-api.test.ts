import { changeLines } from "./settings-api"

describe("the lines of an audit entry", () => {
  it("shows each changed field before → after, null as what stands in for a blank", () => {
    expect(
      changeLines({
        action: "updated",
        fields: ["enabled", "base_url", "order_prefix", "currencies"],
        changes: [
          { field: "enabled", from: true, to: false },
          { field: "base_url", from: "http://a", to: "http://b" },
          { field: "order_prefix", from: "SHOP", to: null },
          { field: "currencies", from: ["usd", "eur"], to: [] },
        ],
      })
    ).toEqual([
      "enabled: true → false",
      "base_url: http://a → http://b",
      "order_prefix: SHOP → medusa-config or default",
      "currencies: usd, eur → all",
    ])
    // the page knows what a blank stands for: the default, when medusa-config sets nothing
    expect(
      changeLines(
        {
          action: "updated",
          fields: ["capture_on"],
          changes: [{ field: "capture_on", from: null, to: "fulfilment" }],
        },
        (field) => (field === "capture_on" ? "default (manual)" : "?")
      )
    ).toEqual(["capture_on: default (manual) → fulfilment"])
  })

  it("says only that the sign key was replaced, and a new account's values", () => {
    expect(
      changeLines({
        action: "updated",
        fields: ["sign_key"],
        changes: [{ field: "sign_key", change: "replaced" }],
      })
    ).toEqual(["sign_key: replaced"])
    expect(
      changeLines({
        action: "created",
        fields: ["name", "advanced", "sign_key"],
        changes: [
          { field: "name", from: null, to: "Sandbox" },
          { field: "advanced", from: null, to: { lookup_retries: 2 } },
          { field: "sign_key", change: "set" },
        ],
      })
    ).toEqual([
      "name: Sandbox",
      'advanced: {"lookup_retries":2}',
      "sign_key: set",
    ])
  })

  it("names the fields of an entry recorded before values were kept", () => {
    expect(
      changeLines({
        action: "updated",
        fields: ["base_url", "enabled"],
        changes: null,
      })
    ).toEqual(["base_url", "enabled"])
    expect(changeLines({ action: "deleted", fields: [], changes: [] })).toEqual(
      []
    )
  })
})
