/**
 * Card numbers where none belongs: each field holding one is named, the
 * value never; what is not a card number passes.
 */
import { cardNumberIssues } from "./card-like-input"

const VISA = "4000056655665556"
const AMEX = "378282246310005"
const REASON =
  "must not hold a card number; card details go only to the card route"

describe("card numbers in a body", () => {
  it("names each field holding one: a string, a number, nested, in a list, grouped, as a key", () => {
    const issues = cardNumberIssues({
      provider_id: VISA,
      data: {
        as_number: Number(VISA),
        nested: { deeper: [`paid with ${AMEX}`] },
        grouped: "4000 0566 5566 5556",
        hyphens: "4000-0566-5566-5556",
        [VISA]: "a card as a key",
      },
    })
    expect(issues.map((i) => i.field).sort()).toEqual(
      [
        "provider_id",
        "data.as_number",
        "data.nested.deeper[0]",
        "data.grouped",
        "data.hyphens",
        "data.…",
      ].sort()
    )
    expect(issues.every((i) => i.reason === REASON)).toBe(true)
    expect(JSON.stringify(issues)).not.toMatch(/4000056655665556|378282/)
  })

  it("refuses a whole number past 2^53, whose digits JavaScript has rounded", () => {
    expect(cardNumberIssues({ data: JSON.parse(`${VISA}123`) })).toEqual([
      { field: "data", reason: REASON },
    ])
    expect(cardNumberIssues(Number(VISA))).toEqual([
      { field: "body", reason: REASON },
    ])
  })

  it("lets through what is no card number", () => {
    expect(
      cardNumberIssues({
        provider_id: "pp_acquiring-card_acquiring",
        data: {
          device: { os: "Android 14", screen: "1920x1080", offset: -60 },
          phone: "+44 20 7946 0958",
          not_luhn: "4000056655665557",
          amount: 1999.99,
          short: 12345678,
          list: [1, 2, 3],
          flag: true,
          none: null,
        },
      })
    ).toEqual([])
  })

  it("stops at its bound of issues", () => {
    const many = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`f${i}`, VISA])
    )
    expect(cardNumberIssues(many, 10)).toHaveLength(10)
  })
})
