import { withoutStoredDefaults } from "./stored-defaults"

describe("the defaults an account stored before it kept only its own values", () => {
  it("are removed, the values the merchant gave are kept", () => {
    // what saving "Hidden payment methods: WALLET" stored before
    expect(
      withoutStoredDefaults({
        saved_cards: { enabled: true, security_code: "required" },
        payment_methods: {
          hidden: ["WALLET"],
          order: [],
          budget_ms: 1500,
          delayed: ["BANK_TRANSFER"],
          awaiting_code: "P0001",
        },
        retention: { shopper_data_days: 30, history_days: 365 },
        limits: { batch: { capture: 5 } },
      })
    ).toEqual({
      payment_methods: { hidden: ["WALLET"] },
      retention: { shopper_data_days: 30 },
      limits: { batch: { capture: 5 } },
    })
  })

  it("keep every value that is not the default", () => {
    const own = {
      saved_cards: { enabled: false, security_code: "optional" },
      payment_methods: { budget_ms: 3000, delayed: ["SEPA", "BANK_TRANSFER"] },
    }
    expect(withoutStoredDefaults(own)).toEqual(own)
  })

  it("leave nothing (null) when only defaults were stored", () => {
    expect(
      withoutStoredDefaults({
        saved_cards: { enabled: true, security_code: "required" },
        payment_methods: {
          hidden: [],
          order: [],
          budget_ms: 1500,
          delayed: ["BANK_TRANSFER"],
          awaiting_code: "P0001",
        },
      })
    ).toBeNull()
    expect(withoutStoredDefaults(null)).toBeNull()
  })
})
