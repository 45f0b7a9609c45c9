import { CreatePayoutBody, ListPayoutsQuery } from "./payout-requests"

const body = (overrides: Record<string, unknown> = {}) => ({
  beneficiary: {
    company_name: "Acme Supplies Ltd",
    bank_details: { account_number: "000123456789", swift_code: "BUKBGB22" },
  },
  payment_amount: "120.5",
  payment_currency: "USD",
  ...overrides,
})

const fieldsOf = (input: unknown) => {
  const parsed = CreatePayoutBody.safeParse(input)
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => issue.path.join("."))
}

describe("CreatePayoutBody", () => {
  it("writes amounts with the currency's digits", () => {
    expect(CreatePayoutBody.parse(body()).payment_amount).toBe("120.50")
    expect(
      CreatePayoutBody.parse(
        body({ payment_amount: "1.25", payment_currency: "KWD" })
      ).payment_amount
    ).toBe("1.250")
    expect(
      CreatePayoutBody.parse(
        body({ payment_amount: "1500", payment_currency: "JPY" })
      ).payment_amount
    ).toBe("1500")
  })

  it("names the field of every mistake", () => {
    expect(
      fieldsOf(body({ payment_amount: "100.5", payment_currency: "JPY" }))
    ).toEqual(["payment_amount"])
    expect(fieldsOf(body({ payment_amount: "0" }))).toEqual(["payment_amount"])
    expect(fieldsOf(body({ payment_amount: 10 }))).toEqual(["payment_amount"])
    expect(fieldsOf(body({ payment_currency: "usd" }))).toContain(
      "payment_currency"
    )
    expect(
      fieldsOf(body({ beneficiary: { company_name: "No Account Ltd" } }))
    ).toEqual(["beneficiary.bank_details.account_number"])
    expect(
      fieldsOf(
        body({
          beneficiary: {
            first_name: "Ada",
            bank_details: { iban: "GB33 BUKB 2020 1555 5555 55" },
          },
        })
      )
    ).toEqual(["beneficiary.first_name"])
    expect(
      fieldsOf(
        body({
          beneficiary: {
            company_name: "X",
            bank_details: { iban: "not an iban", swift_code: "BUK" },
          },
        })
      )
    ).toEqual([
      "beneficiary.bank_details.iban",
      "beneficiary.bank_details.swift_code",
    ])
    expect(fieldsOf(body({ card: "4242424242424242" }))).toEqual([""])
  })
})

describe("CreatePayoutBody idempotency_key", () => {
  it("takes a client-made key of 1 to 64 letters, digits, _ and -, or none", () => {
    const key = "0b7e4bde-3f0e-4d8e-9c55-6a1f0b6c2d11"
    expect(
      CreatePayoutBody.parse(body({ idempotency_key: key }))
    ).toMatchObject({ idempotency_key: key })
    for (const ok of ["a", "A_b-9", "k".repeat(64)])
      expect(fieldsOf(body({ idempotency_key: ok }))).toEqual([])
    expect(CreatePayoutBody.parse(body()).idempotency_key).toBeUndefined()
  })

  it("refuses an empty, long, non-text key or one with other characters, naming the field", () => {
    for (const bad of [
      "",
      "k".repeat(65),
      "key with spaces",
      "clé",
      "a/b",
      "a.b",
      42,
      null,
    ])
      expect([bad, fieldsOf(body({ idempotency_key: bad }))]).toEqual([
        bad,
        ["idempotency_key"],
      ])
    const parsed = CreatePayoutBody.safeParse(body({ idempotency_key: "a b" }))
    expect(parsed.success ? "" : parsed.error.issues[0].message).toBe(
      "must be 1 to 64 characters of A-Z, a-z, 0-9, _ and -"
    )
  })
})

describe("ListPayoutsQuery", () => {
  it("reads repeated statuses, date ranges and pagination from query text", () => {
    const query = ListPayoutsQuery.parse({
      status: ["PENDING", "FAILED"],
      created_at: { gte: "2026-11-01" },
      limit: "5",
    })
    expect(query).toMatchObject({
      status: ["PENDING", "FAILED"],
      limit: 5,
      offset: 0,
    })
    expect(query.created_at?.gte?.toISOString()).toBe(
      "2026-11-01T00:00:00.000Z"
    )
    expect(ListPayoutsQuery.parse({ status: "COMPLETED" }).status).toEqual([
      "COMPLETED",
    ])
    expect(ListPayoutsQuery.safeParse({ limit: "500" }).success).toBe(false)
    expect(ListPayoutsQuery.safeParse({ status: "DONE" }).success).toBe(false)
  })
})
