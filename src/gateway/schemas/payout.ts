/**
 * Payout: money sent to a beneficiary through a payment method such as a
 * bank wire. Request nested objects are strict; the response keeps unknown
 * fields at every level (its bank_details, for one, adds local_clearing_system).
 */
import { z } from "zod"
import type { FieldLimitOverrides } from "../limits"
import {
  amount,
  commonRequestFields,
  countryCode,
  currencyCode,
  isoDate,
  limitsFrom,
  responseEnvelopeFields,
  signedRequestFields,
  text,
  wireList,
  wireFreeText,
  wireText,
} from "./common"

const t = () => text().optional()

const beneficiaryAdditionalInfo = z.strictObject({
  business_area: t(),
  business_phone_number: t(),
  business_registration_number: t(),
  personal_email: t(),
  personal_id_number: t(),
  personal_id_type: t(),
  personal_mobile_number: t(),
  personal_net_monthly_average_income: t(),
  personal_phone_country_code: t(),
  personal_phone_area_code: t(),
  personal_fiscal_country: t(),
})

const beneficiaryAddress = z.strictObject({
  city: t(),
  country_code: countryCode.optional(),
  postcode: t(),
  state: t(),
  street: t(),
  number: t(),
  street_address: t(),
  complement: t(),
})

const personDocument = z.strictObject({
  file_type: t(),
  file_url: t(),
  labels: z.array(text()).optional(),
})

const bankDetails = z.strictObject({
  account_currency: currencyCode.optional(),
  account_name: t(),
  owner_document_number: t(),
  account_number: t(),
  bank_account_category: t(),
  bank_branch: t(),
  bank_country_code: countryCode.optional(),
  bank_code: t(),
  bank_name: t(),
  bank_street_address: t(),
  binding_mobile_number: t(),
  iban: t(),
  swift_code: t(),
  transaction_reference: t(),
  local_clearing_system: t(),
})

export const beneficiarySchema = z.strictObject({
  additional_info: beneficiaryAdditionalInfo.optional(),
  address: beneficiaryAddress.optional(),
  person_documents: z.array(personDocument).optional(),
  bank_details: bankDetails.optional(),
  company_name: t(),
  first_name: t(),
  last_name: t(),
  date_of_birth: isoDate.optional(),
  entity_type: t(),
})

export const payerSchema = z.strictObject({
  additional_info: z
    .strictObject({
      business_registration_number: t(),
      business_registration_type: t(),
      external_id: t(),
      personal_email: t(),
      personal_id_number: t(),
      job: t(),
    })
    .optional(),
  address: z
    .strictObject({
      city: t(),
      country_code: countryCode.optional(),
      postcode: t(),
      state: t(),
      street_address: t(),
    })
    .optional(),
  company_name: t(),
  first_name: t(),
  last_name: t(),
  date_of_birth: isoDate.optional(),
  entity_type: t(),
})

export function createPayoutSchemas(overrides?: FieldLimitOverrides) {
  const limits = limitsFrom(overrides)
  const input = z.strictObject({
    ...commonRequestFields,
    beneficiary: beneficiarySchema,
    beneficiary_id: t(),
    client_data: t(),
    fee_paid_by: t(),
    payer: payerSchema.optional(),
    payment_amount: amount(limits),
    payment_currency: currencyCode,
    payment_date: isoDate.optional(),
    payment_method: t(),
    reason: t(),
    reference: t(),
    request_id: z.uuid({ error: "must be a UUID" }),
    source_amount: amount(limits).optional(),
    source_currency: currencyCode.optional(),
    swift_charge_option: t(),
    fund_source: t(),
    notify_url: t(),
  })
  return { requestInput: input, request: input.extend(signedRequestFields) }
}

const defaults = createPayoutSchemas()
export const payoutRequestInputSchema = defaults.requestInput
export const payoutRequestSchema = defaults.request

/** Response copies of the nested shapes: every known field text, unknown ones kept. */
const looseText = (fields: readonly string[]) =>
  z.looseObject(
    Object.fromEntries(
      fields.map((field) => [field, wireText.optional()])
    ) as Record<string, z.ZodOptional<typeof wireText>>
  )

const beneficiaryResponse = z.looseObject({
  additional_info: looseText(
    Object.keys(beneficiaryAdditionalInfo.shape)
  ).optional(),
  address: looseText(Object.keys(beneficiaryAddress.shape)).optional(),
  person_documents: wireList(
    z.looseObject({
      file_type: wireText.optional(),
      file_url: wireText.optional(),
      labels: wireList(wireText).optional(),
    })
  ).optional(),
  bank_details: looseText(Object.keys(bankDetails.shape)).optional(),
  company_name: wireFreeText.optional(),
  first_name: wireFreeText.optional(),
  last_name: wireFreeText.optional(),
  date_of_birth: wireText.optional(),
  entity_type: wireText.optional(),
})

const payerResponse = z.looseObject({
  additional_info: looseText(
    Object.keys(payerSchema.shape.additional_info.unwrap().shape)
  ).optional(),
  address: looseText(
    Object.keys(payerSchema.shape.address.unwrap().shape)
  ).optional(),
  company_name: wireFreeText.optional(),
  first_name: wireFreeText.optional(),
  last_name: wireFreeText.optional(),
  date_of_birth: wireText.optional(),
  entity_type: wireText.optional(),
})

export const payoutResponseSchema = z.looseObject({
  ...responseEnvelopeFields,
  beneficiary: beneficiaryResponse.optional(),
  beneficiary_id: wireText.optional(),
  client_data: wireText.optional(),
  fee_paid_by: wireText.optional(),
  payer: payerResponse.optional(),
  payment_amount: wireText.optional(),
  payment_currency: wireText.optional(),
  payment_date: wireText.optional(),
  payment_method: wireText.optional(),
  reason: wireFreeText.optional(),
  reference: wireText.optional(),
  request_id: wireText.optional(),
  source_amount: wireText.optional(),
  source_currency: wireText.optional(),
  swift_charge_option: wireText.optional(),
  fund_source: wireText.optional(),
  notify_url: wireText.optional(),
  // numbers on the wire, read as decimal text so no float arithmetic follows
  amount_beneficiary_receives: wireText.optional(),
  amount_payer_pays: wireText.optional(),
  fee_amount: wireText.optional(),
  fee_currency: wireText.optional(),
  /** ISO 8601 with a numeric offset without colon, e.g. 2026-11-21T14:05:26+0000 */
  created_at: wireText.optional(),
  last_updated_at: wireText.optional(),
  failure_reason: wireFreeText.optional(),
  failure_type: wireText.optional(),
  payer_id: wireText.optional(),
  transaction_id: wireText.optional(),
  short_reference_id: wireText.optional(),
  /** PENDING, COMPLETED, FAILED */
  status: wireText.optional(),
})

export type Beneficiary = z.infer<typeof beneficiarySchema>
export type Payer = z.infer<typeof payerSchema>
export type PayoutRequestInput = z.infer<typeof payoutRequestInputSchema>
export type PayoutRequest = z.infer<typeof payoutRequestSchema>
export type PayoutResponse = z.infer<typeof payoutResponseSchema>
