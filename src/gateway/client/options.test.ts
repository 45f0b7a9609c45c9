import { InvalidInputError } from "../errors"
import { DEFAULT_RECIPES } from "../signing/recipes"
import { resolveOptions, type AcquiringClientOptions } from "./options"

const base: AcquiringClientOptions = {
  base_url: "https://test-gateway.example.com/",
  merchant_id: "M1",
  account_id: "A1",
  sign_key: "k",
}

function field(change: Record<string, unknown>): string {
  try {
    resolveOptions({ ...base, ...change } as AcquiringClientOptions)
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError)
    return (error as InvalidInputError).field
  }
  throw new Error("expected an InvalidInputError")
}

describe("resolveOptions", () => {
  it("applies the documented defaults", () => {
    const resolved = resolveOptions(base)
    expect(resolved.base_url).toBe("https://test-gateway.example.com")
    expect(resolved.timeout_ms).toBe(30_000)
    expect(resolved.lookup_retries).toBe(2)
    expect(resolved.limits).toEqual({
      capture: 50,
      cancel: 50,
      refund: 50,
      review: 100,
      query: 100,
      refund_search: 100,
    })
    expect(resolved.field_limits.order_no).toBe(50)
    expect(resolved.selector_max_chars).toBe(1000)
    expect(resolved.recipes).toEqual(DEFAULT_RECIPES)
  })

  it("takes overrides of recipes and limits", () => {
    const resolved = resolveOptions({
      ...base,
      recipes: { checkout: ["merchant_id", "order_no"] },
      limits: { capture: 10 },
      field_limits: { note: 200 },
    })
    expect(resolved.recipes.checkout).toEqual(["merchant_id", "order_no"])
    expect(resolved.recipes.authorise).toEqual(DEFAULT_RECIPES.authorise)
    expect(resolved.limits.capture).toBe(10)
    expect(resolved.limits.cancel).toBe(50)
    expect(resolved.field_limits.note).toBe(200)
  })

  it.each([
    [{ base_url: "" }, "base_url"],
    [{ base_url: "ftp://x" }, "base_url"],
    [{ base_url: "not a url" }, "base_url"],
    [{ merchant_id: "" }, "merchant_id"],
    [{ account_id: undefined }, "account_id"],
    [{ sign_key: "" }, "sign_key"],
    [{ timeout_ms: 0 }, "timeout_ms"],
    [{ lookup_retries: -1 }, "lookup_retries"],
    [{ lookup_retries: 1.5 }, "lookup_retries"],
    [{ recipes: { nope: ["a"] } }, "recipes"],
    [{ limits: { capture: 0 } }, "limits"],
    [{ field_limits: { order_no: -5 } }, "field_limits"],
    [{ fetch: "fetch" }, "fetch"],
  ])("refuses %p naming %s", (change, name) => {
    expect(field(change)).toBe(name)
  })

  it("never puts the sign_key into an error", () => {
    try {
      resolveOptions({ ...base, sign_key: "super-secret", timeout_ms: -1 })
    } catch (error) {
      expect(String((error as Error).message)).not.toContain("super-secret")
    }
    expect.assertions(1)
  })
})
