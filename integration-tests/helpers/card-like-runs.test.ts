import { cardLikeRunsIn, cardNumbersIn } from "./card-like-runs"

// 2026-11-28T12:00:00Z, so the time rules judge against a fixed now
const NOW = Date.UTC(2026, 10, 28, 12)

const judged = (text: string) =>
  cardLikeRunsIn(text, NOW).map(({ run, excluded }) => ({ run, excluded }))

describe("what the card scan takes for a card number", () => {
  it.each([
    ["4111111111111111"],
    ["4111 1111 1111 1111"],
    ["4111-1111-1111-1111"],
    ["card=5555555555554444&cvc=123"],
    // a JCB-shaped number: the digits of the double the scan once met in CI
    ['{"n": 3580884094632626}'],
  ])("%s holds one", (text) => {
    expect(cardNumbersIn(text)).toHaveLength(1)
  })

  it("leaves out the fraction of a decimal number, and only it", () => {
    expect(judged('{"weight": 0.3580884094632626}')).toEqual([
      {
        run: "3580884094632626",
        excluded: "the fraction of a decimal number",
      },
    ])
    // the integer part of a decimal number is still read
    expect(judged("4111111111111111.5")).toEqual([
      { run: "4111111111111111", excluded: undefined },
    ])
    // a point after a word ends a sentence, it starts no fraction
    expect(judged("card no.4111111111111111")).toEqual([
      { run: "4111111111111111", excluded: undefined },
    ])
  })

  it("leaves out times and sandbox ids", () => {
    // 2 ms after NOW, a Luhn-valid 13 digits
    expect(judged('"startedAt": 1795867200002')[0]?.excluded).toBe(
      "a time in milliseconds"
    )
    // 19 Luhn-valid digits, as a sandbox transaction id may hold
    expect(judged("SBX4111111111111111003")).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ excluded: "a sandbox transaction id" }),
      ])
    )
    // a migration name whose time is Luhn-valid
    expect(judged("Migration20261123145322")[0]?.excluded).toBe(
      "a compact time"
    )
  })
})
