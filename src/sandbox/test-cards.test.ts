import {
  decideCard,
  decideStoredCard,
  DEFAULT_TEST_CARDS,
  luhnValid,
} from "./test-cards"

const now = new Date("2026-11-21T12:00:00Z")
const good = {
  expiration_month: "12",
  expiration_year: "2030",
  security_code: "123",
}

describe("test cards", () => {
  it.each([
    ["4242424242424242", "approve"],
    ["4000000000009995", "decline"],
    ["4000002500003155", "challenge"],
    ["4000000000000259", "review"],
    ["4100000000000019", "risk_reject"],
    ["5555555555554444", "approve"],
  ])("card %s → %s", (card, outcome) => {
    expect(
      decideCard({ card, ...good }, DEFAULT_TEST_CARDS, now)
    ).toMatchObject({ kind: "outcome", outcome })
  })

  it("refuses a number failing Luhn and names the field", () => {
    expect(
      decideCard({ card: "4242424242424241", ...good }, DEFAULT_TEST_CARDS, now)
    ).toEqual({
      kind: "invalid",
      problem: { field: "card", reason: "fails the Luhn check" },
    })
  })

  it("declines an expired card, accepting the current month", () => {
    expect(
      decideCard(
        {
          card: "4242424242424242",
          ...good,
          expiration_month: "10",
          expiration_year: "26",
        },
        DEFAULT_TEST_CARDS,
        now
      )
    ).toMatchObject({ outcome: "decline", reason: "Card expired" })
    expect(
      decideCard(
        {
          card: "4242424242424242",
          ...good,
          expiration_month: "11",
          expiration_year: "2026",
        },
        DEFAULT_TEST_CARDS,
        now
      )
    ).toMatchObject({ outcome: "approve" })
  })

  it("declines security code 000 and refuses malformed expiry fields", () => {
    expect(
      decideCard(
        { card: "4242424242424242", ...good, security_code: "000" },
        DEFAULT_TEST_CARDS,
        now
      )
    ).toMatchObject({ outcome: "decline" })
    expect(
      decideCard(
        { card: "4242424242424242", ...good, expiration_month: "13" },
        DEFAULT_TEST_CARDS,
        now
      )
    ).toMatchObject({ problem: { field: "expiration_month" } })
    expect(
      decideCard(
        { card: "4242424242424242", ...good, security_code: "12" },
        DEFAULT_TEST_CARDS,
        now
      )
    ).toMatchObject({ problem: { field: "security_code" } })
  })

  it("takes a replacement table", () => {
    const table = [
      {
        number: "4242424242424242",
        outcome: "decline" as const,
        description: "x",
      },
    ]
    expect(
      decideCard({ card: "4242424242424242", ...good }, table, now)
    ).toMatchObject({ outcome: "decline" })
  })

  it("writes a listed card's own decline text", () => {
    const table = [
      {
        number: "4242424242424242",
        outcome: "decline" as const,
        description: "x",
        result_text: "Card reported stolen",
      },
    ]
    expect(
      decideCard({ card: "4242424242424242", ...good }, table, now)
    ).toMatchObject({ outcome: "decline", reason: "Card reported stolen" })
  })

  it("checks Luhn and masks the decided card to first 6 / last 4", () => {
    expect(luhnValid("79927398713")).toBe(true)
    expect(luhnValid("79927398710")).toBe(false)
    expect(
      decideCard(
        { card: "4242 4242 4242 4242", ...good },
        DEFAULT_TEST_CARDS,
        now
      )
    ).toMatchObject({ masked: "424242******4242" })
  })
})

describe("stored cards", () => {
  const stored = (number: string, month = "12", year = "2030") => ({
    number,
    expiration_month: month,
    expiration_year: year,
  })

  it.each([
    ["4242424242424242", "approve"],
    ["4000000000009995", "decline"],
    ["4000002500003155", "challenge"],
    ["4000000000000259", "review"],
    ["4100000000000019", "risk_reject"],
  ])("decide card %s stored as typed: %s", (number, outcome) => {
    expect(
      decideStoredCard(stored(number), "123", DEFAULT_TEST_CARDS, now)
    ).toMatchObject({ kind: "outcome", outcome })
    expect(
      decideCard({ card: number, ...good }, DEFAULT_TEST_CARDS, now)
    ).toMatchObject({ kind: "outcome", outcome })
  })

  it("decline security code 000, but check none when it is left empty", () => {
    const card = stored("4242424242424242")
    expect(
      decideStoredCard(card, "000", DEFAULT_TEST_CARDS, now)
    ).toMatchObject({
      outcome: "decline",
      reason: "Security code check failed",
    })
    expect(decideStoredCard(card, "", DEFAULT_TEST_CARDS, now)).toMatchObject({
      outcome: "approve",
      masked: "424242******4242",
    })
    expect(
      decideStoredCard(card, undefined, DEFAULT_TEST_CARDS, now)
    ).toMatchObject({ outcome: "approve" })
    expect(decideStoredCard(card, "12", DEFAULT_TEST_CARDS, now)).toEqual({
      kind: "invalid",
      problem: {
        field: "security_code",
        reason: "must be 3 or 4 digits, or empty",
      },
    })
  })

  it("decline a stored card whose kept expiry has passed", () => {
    expect(
      decideStoredCard(
        stored("4242424242424242", "10", "2026"),
        "",
        DEFAULT_TEST_CARDS,
        now
      )
    ).toMatchObject({ outcome: "decline", reason: "Card expired" })
  })

  it("hand back the typed card as it would be stored: month two digits, year four", () => {
    expect(
      decideCard(
        {
          card: "4242 4242 4242 4242",
          expiration_month: "7",
          expiration_year: "31",
          security_code: "123",
        },
        DEFAULT_TEST_CARDS,
        now
      )
    ).toMatchObject({
      card: {
        number: "4242424242424242",
        expiration_month: "07",
        expiration_year: "2031",
      },
    })
  })
})
