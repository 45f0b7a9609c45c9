import {
  bodyOf,
  emptyForm,
  fieldOfServerError,
  reasonOfServerError,
  validate,
  type PayoutForm,
} from "./payout-form-schema"

function filled(patch: Partial<PayoutForm> = {}): PayoutForm {
  return {
    ...emptyForm(),
    payment_amount: "150.00",
    "beneficiary.company_name": "Acme Supplies Ltd",
    "beneficiary.bank_details.iban": "gb33 bukb 2020 1555 5555 55",
    ...patch,
  }
}

describe("the payout form", () => {
  it("checks fields as the server does", () => {
    expect(validate(filled())).toEqual({})
    expect(validate(emptyForm())).toMatchObject({
      payment_amount: "Enter the amount",
      "beneficiary.company_name": "Enter the company name",
      "beneficiary.bank_details.account_number":
        "Enter an account number or an IBAN",
    })
    expect(
      validate(filled({ payment_currency: "JPY", payment_amount: "10.5" }))
    ).toEqual({ payment_amount: "JPY has no minor unit" })
    expect(
      validate(filled({ payment_currency: "KWD", payment_amount: "1.2345" }))
    ).toEqual({ payment_amount: "KWD allows 3 decimal places" })
    expect(
      validate(filled({ "beneficiary.bank_details.iban": "12345" }))
    ).toHaveProperty(["beneficiary.bank_details.iban"])
    // the payer is optional until started
    expect(validate(filled({ "payer.address.country_code": "US" }))).toEqual({
      "payer.company_name": "Enter the company name",
    })
    expect(
      validate(filled({ "beneficiary.entity_type": "INDIVIDUAL" }))
    ).toEqual({
      "beneficiary.first_name": "Enter the first name",
      "beneficiary.last_name": "Enter the last name",
    })
  })

  it("refuses what the server's own schema refuses, in the field it names", () => {
    // the form's checks let these pass; the server's body schema does not
    expect(validate(filled({ reference: "R".repeat(65) }))).toEqual({
      reference: "Must be at most 64 characters",
    })
    expect(validate(filled({ reason: "x".repeat(141) }))).toEqual({
      reason: "Must be at most 140 characters",
    })
  })

  it("builds the nested body, without empty fields or an empty payer", () => {
    expect(bodyOf(filled())).toEqual({
      payment_amount: "150.00",
      payment_currency: "USD",
      payment_method: "SWIFT",
      swift_charge_option: "SHARED",
      fee_paid_by: "PAYER",
      fund_source: "DepositAccount",
      beneficiary: {
        entity_type: "COMPANY",
        company_name: "Acme Supplies Ltd",
        bank_details: { iban: "GB33BUKB20201555555555" },
      },
    })
  })

  it("finds the field a server 400 names", () => {
    const message =
      "Invalid request: beneficiary.bank_details.iban: is not an IBAN; amount: must be positive"
    expect(fieldOfServerError(message)).toBe("beneficiary.bank_details.iban")
    expect(reasonOfServerError(message)).toBe("is not an IBAN")
    expect(fieldOfServerError("Invalid request: provider_id: is not …")).toBe(
      undefined
    )
  })
})
