import { CARDS_ONLY, offeredMethods, recommendation } from "./method-list"

const CARD = "pp_acquiring-card_acquiring"
const HOSTED = "pp_acquiring-hosted_acquiring"
const none = { hidden: [], order: [] }

describe("the methods a checkout offers", () => {
  it("reads the acquirer's list in its order: rank first, then as listed", () => {
    expect(
      recommendation([
        {
          payment_method: "BANK_TRANSFER",
          display_name: "Bank transfer",
          rank: "3",
        },
        { payment_method: "wallet", display_name: "Digital wallet", rank: "2" },
        { payment_method: "CARD", rank: "1" },
        { payment_method: "CARD", rank: "4" },
        { payment_method: "not a code!" },
        { payment_method: "PAYPAL_LIKE" },
      ])
    ).toEqual([
      { code: "CARD", display_name: "Credit or debit card" },
      { code: "WALLET", display_name: "Digital wallet" },
      { code: "BANK_TRANSFER", display_name: "Bank transfer" },
      // an unknown code passes through under its own name
      { code: "PAYPAL_LIKE", display_name: "PAYPAL_LIKE" },
    ])
  })

  const recommended = [
    { code: "CARD", display_name: "Card" },
    { code: "WALLET", display_name: "Wallet" },
    { code: "BANK_TRANSFER", display_name: "Transfer" },
  ]

  it("sends a card to the card form and every other method to the hosted page", () => {
    expect(
      offeredMethods(recommended, none, { card: CARD, hosted: HOSTED })
    ).toEqual([
      { code: "CARD", display_name: "Card", rank: 1, provider_id: CARD },
      { code: "WALLET", display_name: "Wallet", rank: 2, provider_id: HOSTED },
      {
        code: "BANK_TRANSFER",
        display_name: "Transfer",
        rank: 3,
        provider_id: HOSTED,
      },
    ])
    // without the card provider the hosted page takes cards too; without it, only cards remain
    expect(
      offeredMethods(recommended, none, { hosted: HOSTED }).map(
        (m) => m.provider_id
      )
    ).toEqual([HOSTED, HOSTED, HOSTED])
    expect(offeredMethods(recommended, none, { card: CARD })).toEqual([
      { code: "CARD", display_name: "Card", rank: 1, provider_id: CARD },
    ])
  })

  it("hides and reorders as the merchant set, ranks following what is shown", () => {
    expect(
      offeredMethods(
        recommended,
        { hidden: ["WALLET"], order: ["BANK_TRANSFER", "APPLE_LIKE"] },
        { card: CARD, hosted: HOSTED }
      ).map((m) => [m.code, m.rank])
    ).toEqual([
      ["BANK_TRANSFER", 1],
      ["CARD", 2],
    ])
  })

  it("offers cards when the acquirer says nothing usable", () => {
    expect(recommendation([])).toEqual([])
    expect(offeredMethods(CARDS_ONLY, none, { card: CARD })).toEqual([
      {
        code: "CARD",
        display_name: "Credit or debit card",
        rank: 1,
        provider_id: CARD,
      },
    ])
  })
})
