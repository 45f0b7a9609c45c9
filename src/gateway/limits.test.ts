import {
  DEFAULT_BATCH_LIMITS,
  DEFAULT_FIELD_LIMITS,
  DEFAULT_ITEMS_MAX_CHARS,
  DEFAULT_SELECTOR_MAX_CHARS,
  resolveBatchLimits,
  resolveFieldLimits,
} from "./limits"

describe("limits", () => {
  it("default to the documented numbers", () => {
    expect(DEFAULT_BATCH_LIMITS).toEqual({
      capture: 50,
      cancel: 50,
      refund: 50,
      review: 100,
      query: 100,
      refund_search: 100,
    })
    expect(DEFAULT_FIELD_LIMITS).toEqual({
      order_no: 50,
      amount: 15,
      website: 2000,
      items: 5000,
      note: 1000,
      shopper_id: 64,
      shopper_email: 100,
      shopper_ip: 50,
      card: 20,
      refund_reason: 50,
      custom: 2500,
      token_id: 64,
      descriptor: 22,
    })
    expect(DEFAULT_SELECTOR_MAX_CHARS).toBe(1000)
    expect(DEFAULT_ITEMS_MAX_CHARS).toBe(5000)
  })

  it("merge overrides without touching the defaults", () => {
    expect(resolveBatchLimits({ capture: 20 })).toEqual({
      ...DEFAULT_BATCH_LIMITS,
      capture: 20,
    })
    expect(resolveFieldLimits({ order_no: 32, note: undefined })).toMatchObject(
      { order_no: 32, note: 1000 }
    )
    expect(DEFAULT_BATCH_LIMITS.capture).toBe(50)
    expect(DEFAULT_FIELD_LIMITS.order_no).toBe(50)
  })

  it("refuse a non-positive or unknown override, naming it", () => {
    expect(() => resolveBatchLimits({ refund: 0 })).toThrow(
      /batch limit "refund" must be a positive integer/
    )
    expect(() => resolveFieldLimits({ card: 2.5 })).toThrow(
      /field limit "card"/
    )
    expect(() => resolveBatchLimits({ payout: 3 } as never)).toThrow(
      /unknown batch limit "payout"/
    )
  })
})
