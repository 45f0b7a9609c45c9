import { CardEntrySchema, describeCardIssues, passesLuhn } from "./card-entry"

const CARD = {
  number: "4242424242424242",
  expiry_month: "12",
  expiry_year: "2031",
  security_code: "123",
}

function issuesOf(body: unknown) {
  const result = CardEntrySchema.safeParse(body)
  return result.success ? [] : describeCardIssues(result.error)
}

describe("card entry with saved cards", () => {
  it("takes a saved card's id and the security code typed again, or a typed card to keep", () => {
    expect(
      CardEntrySchema.parse({
        saved_card: { id: "acqcard_01ABC", security_code: " 123 " },
      }).saved_card
    ).toEqual({ id: "acqcard_01ABC", security_code: "123" })
    expect(
      CardEntrySchema.parse({ card: CARD, save_card: true })
    ).toMatchObject({ save_card: true })
  })

  it("names what is wrong: neither, both, keeping without a typed card, a bad id or code", () => {
    expect(issuesOf({})).toEqual([{ field: "card", reason: "is required" }])
    expect(issuesOf({ card: CARD, saved_card: { id: "acqcard_01" } })).toEqual([
      {
        field: "saved_card",
        reason: "cannot be sent with card: pay with one or the other",
      },
    ])
    expect(
      issuesOf({ saved_card: { id: "acqcard_01" }, save_card: true })
    ).toEqual([
      { field: "save_card", reason: "keeps a typed card: send it with card" },
    ])
    expect(
      issuesOf({ saved_card: { id: "tok_secret", security_code: "12" } })
    ).toEqual([
      { field: "saved_card.id", reason: "must be a saved card's id" },
      { field: "saved_card.security_code", reason: "must be 3 or 4 digits" },
    ])
    expect(issuesOf({ card: CARD, save_card: "yes" })).toEqual([
      { field: "save_card", reason: "must be true or false" },
    ])
  })
})

describe("card entry", () => {
  it("accepts a test card and normalises expiry", () => {
    const parsed = CardEntrySchema.parse({
      card: {
        number: "4242 4242 4242 4242",
        expiry_month: "7",
        expiry_year: "31",
        security_code: "123",
      },
      holder: { first_name: "Ada", last_name: "Lovelace" },
    })
    expect(parsed.card).toEqual({
      number: "4242424242424242",
      expiry_month: "07",
      expiry_year: "2031",
      security_code: "123",
    })
  })

  it("checks the Luhn digit", () => {
    expect(passesLuhn("4000000000009995")).toBe(true)
    expect(passesLuhn("4242424242424241")).toBe(false)
  })

  it("names each bad field without echoing the card number", () => {
    const result = CardEntrySchema.safeParse({
      card: {
        number: "4242424242424241",
        expiry_month: "13",
        expiry_year: "1999",
        security_code: "12",
      },
    })
    expect(result.success).toBe(false)
    const issues = describeCardIssues(result.error!)
    expect(issues).toEqual([
      {
        field: "card.number",
        reason: "is not a valid card number (check digit)",
      },
      { field: "card.expiry_month", reason: "must be a month from 1 to 12" },
      {
        field: "card.expiry_year",
        reason: "must be a year such as 2030 or 30",
      },
      { field: "card.security_code", reason: "must be 3 or 4 digits" },
    ])
    expect(JSON.stringify(issues)).not.toContain("4242424242424241")
  })

  it("refuses unknown fields such as a second card field", () => {
    const result = CardEntrySchema.safeParse({
      card: {
        number: "4242424242424242",
        expiry_month: "1",
        expiry_year: "2030",
        security_code: "123",
        pin: "1",
      },
    })
    expect(describeCardIssues(result.error!)).toEqual([
      { field: "card", reason: "unknown field(s) pin" },
    ])
  })

  it("tells a missing field from one of the wrong type", () => {
    const wrongType = CardEntrySchema.safeParse({
      card: {
        number: 4242424242424242,
        expiry_month: true,
        expiry_year: "2030",
        security_code: 123,
      },
    })
    expect(describeCardIssues(wrongType.error!)).toEqual([
      { field: "card.number", reason: "must be a string of digits" },
      { field: "card.expiry_month", reason: "must be a month from 1 to 12" },
      {
        field: "card.security_code",
        reason: "must be a string of 3 or 4 digits",
      },
    ])
    const missing = CardEntrySchema.safeParse({
      card: { number: "4242424242424242", expiry_year: "2030" },
    })
    expect(describeCardIssues(missing.error!)).toEqual([
      { field: "card.expiry_month", reason: "is required" },
      { field: "card.security_code", reason: "is required" },
    ])
    expect(describeCardIssues(CardEntrySchema.safeParse({}).error!)).toEqual([
      { field: "card", reason: "is required" },
    ])
    expect(
      describeCardIssues(
        CardEntrySchema.safeParse({ card: "4242424242424242" }).error!
      )[0].reason
    ).toMatch(/^must be an object/)
  })
})
