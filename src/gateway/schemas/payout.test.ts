import { validate } from "./common"
import {
  createPayoutSchemas,
  payoutRequestInputSchema,
  payoutRequestSchema,
  payoutResponseSchema,
} from "./payout"

const request = {
  merchant_id: "10001",
  account_id: "10001001",
  beneficiary: {
    additional_info: {
      business_area: "retail",
      business_phone_number: "+861012345678",
      business_registration_number: "BR-1",
      personal_email: "li@example.com",
      personal_id_number: "110101199001011234",
      personal_id_type: "CHINESE_NATIONAL_ID",
      personal_mobile_number: "13800000000",
      personal_net_monthly_average_income: "10000",
      personal_phone_country_code: "86",
      personal_phone_area_code: "10",
      personal_fiscal_country: "CN",
    },
    address: {
      city: "Beijing",
      country_code: "CN",
      postcode: "100000",
      state: "BJ",
      street: "Chang'an Ave",
      number: "1",
      street_address: "1 Chang'an Ave",
      complement: "",
    },
    person_documents: [
      {
        file_type: "image/png",
        file_url: "https://files.example/id.png",
        labels: ["id_front"],
      },
    ],
    bank_details: {
      account_currency: "CNY",
      account_name: "Li Lei",
      owner_document_number: "110101199001011234",
      account_number: "6222000000000000",
      bank_account_category: "PERSONAL",
      bank_branch: "Xicheng",
      bank_country_code: "CN",
      bank_code: "ICBC",
      bank_name: "Bank",
      bank_street_address: "1 Bank St",
      binding_mobile_number: "13800000000",
      iban: "",
      swift_code: "ICBKCNBJ",
      transaction_reference: "INV-1",
    },
    company_name: "",
    first_name: "Lei",
    last_name: "Li",
    date_of_birth: "1990-01-01",
    entity_type: "COMPANY",
  },
  beneficiary_id: "B1",
  client_data: "note",
  fee_paid_by: "PAYER",
  payer: {
    additional_info: {
      business_registration_number: "DE123",
      business_registration_type: "VAT",
      external_id: "E1",
      personal_email: "ops@shop.example",
      personal_id_number: "",
      job: "",
    },
    address: {
      city: "Berlin",
      country_code: "DE",
      postcode: "10115",
      state: "BE",
      street_address: "Hauptstr. 1",
    },
    company_name: "Shop GmbH",
    first_name: "",
    last_name: "",
    date_of_birth: "1980-05-05",
    entity_type: "COMPANY",
  },
  payment_amount: "100.00",
  payment_currency: "CNY",
  payment_date: "2026-11-21",
  payment_method: "SWIFT",
  reason: "supplier",
  reference: "PO-1",
  request_id: "3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e",
  source_amount: "13.50",
  source_currency: "EUR",
  swift_charge_option: "SHARED",
  fund_source: "DepositAccount",
  notify_url: "https://backend.example/hooks/payout",
  encryption_data: "ab".repeat(32),
}

describe("payout request", () => {
  it("accepts the sample", () => {
    expect(payoutRequestSchema.parse(request)).toEqual(request)
    const {
      merchant_id: _m,
      account_id: _a,
      encryption_data: _e,
      ...input
    } = request
    expect(payoutRequestInputSchema.parse(input)).toEqual(input)
  })

  it.each([
    [{ request_id: "not-a-uuid" }, "request_id", "must be a UUID"],
    [
      { payment_amount: "100" + ".0.0" },
      "payment_amount",
      "must be a decimal string with a point, such as 15.00",
    ],
    [
      { payment_date: "21.11.2026" },
      "payment_date",
      "must be a date written YYYY-MM-DD",
    ],
    [
      {
        beneficiary: {
          ...request.beneficiary,
          address: { country_code: "CHN" },
        },
      },
      "beneficiary.address.country_code",
      "must be a two-letter upper-case country code",
    ],
    [
      {
        beneficiary: {
          ...request.beneficiary,
          person_documents: [{ labels: "id" }],
        },
      },
      "beneficiary.person_documents[0].labels",
      "Invalid input: expected array, received string",
    ],
  ])("refuses %j naming %s", (patch, path, reason) => {
    try {
      validate(payoutRequestSchema, { ...request, ...patch })
      throw new Error("expected a throw")
    } catch (e) {
      expect(e).toMatchObject({ field: path, reason })
    }
  })

  it("refuses an unknown bank detail, naming it", () => {
    expect(() =>
      validate(payoutRequestSchema, {
        ...request,
        beneficiary: {
          ...request.beneficiary,
          bank_details: { sort_code: "1" },
        },
      })
    ).toThrow(
      "invalid beneficiary.bank_details.sort_code: is not a known field"
    )
  })

  it("takes an overridden amount length", () => {
    expect(
      createPayoutSchemas({ amount: 5 }).request.safeParse(request).success
    ).toBe(false)
  })
})

describe("payout response", () => {
  const { bank_code: _drop, ...bankWithoutCode } =
    request.beneficiary.bank_details
  const response = {
    ...request,
    beneficiary: {
      ...request.beneficiary,
      bank_details: { ...bankWithoutCode, local_clearing_system: "CNAPS" },
    },
    amount_beneficiary_receives: 100,
    amount_payer_pays: 13.5,
    fee_amount: 0.25,
    fee_currency: "EUR",
    created_at: "2026-11-21T14:05:26+0000",
    last_updated_at: "2026-11-21T14:06:00+0000",
    failure_reason: "",
    failure_type: "UNKNOWN",
    payer_id: "P1",
    transaction_id: "PT1",
    short_reference_id: "261121-ABC123",
    status: "COMPLETED",
    unlisted: { nested: true },
  }

  it("accepts the sample, keeps unknown fields and reads amounts as decimal text", () => {
    const parsed = payoutResponseSchema.parse(response)
    expect(parsed.beneficiary?.bank_details).toMatchObject({
      local_clearing_system: "CNAPS",
    })
    expect(parsed.beneficiary?.bank_details).not.toHaveProperty("bank_code")
    expect(parsed.amount_payer_pays).toBe("13.5")
    expect(parsed.fee_amount).toBe("0.25")
    expect(parsed.status).toBe("COMPLETED")
    expect(parsed.unlisted).toEqual({ nested: true })
    expect(parsed.beneficiary?.person_documents?.[0]).toEqual({
      file_type: "image/png",
      file_url: "https://files.example/id.png",
      labels: ["id_front"],
    })
  })

  it("keeps an unknown nested field", () => {
    const parsed = payoutResponseSchema.parse({
      ...response,
      payer: {
        ...response.payer,
        address: { city: "Berlin", district: "Mitte" },
      },
    })
    expect(parsed.payer?.address).toEqual({ city: "Berlin", district: "Mitte" })
  })
})
