import { InvalidInputError } from "../errors"
import { validate } from "./common"
import {
  authorizeRequestInputSchema,
  authorizeRequestSchema,
  cardFieldsSchema,
  createPaymentOrderSchemas,
  isStoredCardOrder,
  storedCardOrderInputSchema,
  typedCardOrderInputSchema,
} from "./payment-order"
import { card, envelope, order } from "./__fixtures__/payment-order"

describe("authorise request", () => {
  it("is the order extended with the card fields", () => {
    expect(authorizeRequestInputSchema.parse({ ...order, ...card })).toEqual({
      ...order,
      ...card,
    })
    expect(
      authorizeRequestSchema.safeParse({ ...order, ...card, ...envelope })
        .success
    ).toBe(true)
    expect(cardFieldsSchema.parse(card)).toEqual(card)
  })

  it("requires the card fields", () => {
    expect(
      typedCardOrderInputSchema.safeParse({ ...order, ...card }).success
    ).toBe(true)
    const result = authorizeRequestInputSchema.safeParse(order)
    expect(result.error?.issues.map((i) => i.path.join(".")).sort()).toEqual([
      "card",
      "expiration_month",
      "expiration_year",
      "security_code",
    ])
  })

  it.each([
    ["card", "4242 4242 4242 4242", "must be 12 to 19 digits"],
    ["card", "4".repeat(21), "must be at most 20 characters"],
    ["expiration_month", "13", "must be two digits 01 to 12"],
    ["expiration_year", "30", "must be four digits"],
    ["security_code", "12a", "must be 3 or 4 digits"],
  ])("refuses a bad %s without echoing it", (field, value, reason) => {
    try {
      validate(authorizeRequestInputSchema, {
        ...order,
        ...card,
        [field]: value,
      })
      throw new Error("expected a throw")
    } catch (e) {
      const error = e as InvalidInputError
      expect(error.field).toBe(field)
      expect(error.reason).toBe(reason)
      expect(error.message).not.toContain(value)
    }
  })
})

describe("stored-card order", () => {
  const { token_id: _empty, ...withoutToken } = order
  const stored = {
    ...withoutToken,
    token_id: "TK_7f3a9c",
    security_code: "123",
  }

  it("is picked by a non-empty token_id", () => {
    expect(isStoredCardOrder(stored)).toBe(true)
    expect(isStoredCardOrder({ ...order, ...card })).toBe(false)
    expect(isStoredCardOrder({ ...order, token_id: "" })).toBe(false)
    expect(isStoredCardOrder(undefined)).toBe(false)
  })

  it("needs neither card number nor expiry, and the security code may be left out", () => {
    expect(authorizeRequestInputSchema.parse(stored)).toEqual(stored)
    const { security_code: _cvc, ...unattended } = stored
    expect(authorizeRequestInputSchema.parse(unattended)).toEqual(unattended)
    expect(
      authorizeRequestInputSchema.parse({
        ...stored,
        card: "",
        expiration_month: "",
        expiration_year: "",
        security_code: "",
      })
    ).toMatchObject({ token_id: "TK_7f3a9c", card: "", security_code: "" })
    expect(storedCardOrderInputSchema.safeParse(stored).success).toBe(true)
  })

  it.each([
    ["card", "4242424242424242"],
    ["expiration_month", "04"],
    ["expiration_year", "2030"],
  ])("refuses a %s beside a token_id, without echoing it", (field, value) => {
    try {
      validate(authorizeRequestInputSchema, { ...stored, [field]: value })
      throw new Error("expected a throw")
    } catch (e) {
      const error = e as InvalidInputError
      expect(error).toBeInstanceOf(InvalidInputError)
      expect(error.field).toBe(field)
      expect(error.reason).toBe(
        "must be empty when paying with a stored card (token_id)"
      )
      expect(error.message).not.toContain(value)
    }
  })

  it.each([
    ["security_code", "12", "must be 3 or 4 digits, or empty"],
    ["token_id", "T".repeat(65), "must be at most 64 characters"],
    ["token_id", " ", "is required and must not be empty"],
  ])("refuses %s = bad value", (field, value, reason) => {
    try {
      validate(authorizeRequestInputSchema, { ...stored, [field]: value })
      throw new Error("expected a throw")
    } catch (e) {
      expect((e as InvalidInputError).field).toBe(field)
      expect((e as InvalidInputError).reason).toBe(reason)
    }
  })

  it("takes a token of 64 characters, and an overridden token_id limit", () => {
    expect(
      authorizeRequestInputSchema.safeParse({
        ...stored,
        token_id: "T".repeat(64),
      }).success
    ).toBe(true)
    const { authorizeRequestInput } = createPaymentOrderSchemas({
      token_id: 9,
    })
    // "TK_7f3a9c" has 9 characters
    expect(authorizeRequestInput.safeParse(stored).success).toBe(true)
    expect(
      authorizeRequestInput.safeParse({ ...stored, token_id: "T".repeat(10) })
        .success
    ).toBe(false)
  })

  it("names an unknown field as the typed shape does", () => {
    expect(() =>
      validate(authorizeRequestInputSchema, { ...stored, cvv: "123" })
    ).toThrow("invalid cvv: is not a known field")
  })

  it("travels with the card fields present and empty", () => {
    const wire = {
      ...stored,
      ...envelope,
      card: "",
      expiration_month: "",
      expiration_year: "",
    }
    expect(authorizeRequestSchema.safeParse(wire).success).toBe(true)
    const { card: _c, ...missingCard } = wire
    expect(
      authorizeRequestSchema.safeParse(missingCard).error?.issues[0].path
    ).toEqual(["card"])
    expect(
      authorizeRequestSchema.safeParse({ ...wire, security_code: undefined })
        .success
    ).toBe(false)
  })
})
