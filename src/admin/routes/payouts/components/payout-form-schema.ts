/**
 * The create form: its fields (dotted names, the same paths the server's 400
 * names), the checks made as the merchant types (the server's rules: amounts
 * in the currency's digits, a name and an account for the beneficiary), and
 * the request body built from it.
 */
import { z } from "zod"
import { CreatePayoutBody } from "../../../../admin-contract/payout-requests"
import {
  CURRENCY_DIGITS,
  isKnownCurrency,
} from "../../../../gateway/money/currency-digits"

export const FORM_FIELDS = [
  "payment_amount",
  "payment_currency",
  /** the admin account that pays; "": the account serving the currency */
  "account_id",
  "payment_date",
  "payment_method",
  "swift_charge_option",
  "fee_paid_by",
  "fund_source",
  "reference",
  "reason",
  "beneficiary.entity_type",
  "beneficiary.company_name",
  "beneficiary.first_name",
  "beneficiary.last_name",
  "beneficiary.address.country_code",
  "beneficiary.address.city",
  "beneficiary.address.street_address",
  "beneficiary.address.postcode",
  "beneficiary.bank_details.account_name",
  "beneficiary.bank_details.account_number",
  "beneficiary.bank_details.iban",
  "beneficiary.bank_details.swift_code",
  "beneficiary.bank_details.bank_name",
  "beneficiary.bank_details.bank_country_code",
  "payer.entity_type",
  "payer.company_name",
  "payer.first_name",
  "payer.last_name",
  "payer.address.country_code",
] as const

export type FieldName = (typeof FORM_FIELDS)[number]
export type PayoutForm = Record<FieldName, string>
export type FormErrors = Partial<Record<FieldName, string>>

export function emptyForm(): PayoutForm {
  const form = Object.fromEntries(FORM_FIELDS.map((f) => [f, ""])) as PayoutForm
  form.payment_currency = "USD"
  form.payment_method = "SWIFT"
  form.swift_charge_option = "SHARED"
  form.fee_paid_by = "PAYER"
  form.fund_source = "DepositAccount"
  form["beneficiary.entity_type"] = "COMPANY"
  form["payer.entity_type"] = "COMPANY"
  return form
}

const compact = (value: string) => value.replace(/\s+/g, "").toUpperCase()
const COUNTRY = /^[A-Z]{2}$/
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/
const SWIFT = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/

const formSchema = z.record(z.string(), z.string()).superRefine((form, ctx) => {
  const issue = (path: FieldName, message: string) =>
    ctx.addIssue({ code: "custom", path: [path], message })
  const currency = form.payment_currency.trim().toUpperCase()
  if (!/^[A-Z]{3}$/.test(currency) || !isKnownCurrency(currency))
    issue("payment_currency", "Enter an ISO 4217 code such as USD")
  const amount = form.payment_amount.trim()
  if (!amount) issue("payment_amount", "Enter the amount")
  else if (!/^\d{1,12}(\.\d+)?$/.test(amount))
    issue(
      "payment_amount",
      "Write the amount as digits with a point, e.g. 150.00"
    )
  else {
    const digits = CURRENCY_DIGITS.get(currency)
    const decimals = amount.split(".")[1]?.length ?? 0
    if (digits !== undefined && decimals > digits)
      issue(
        "payment_amount",
        digits === 0
          ? `${currency} has no minor unit`
          : `${currency} allows ${digits} decimal places`
      )
    else if (!/[1-9]/.test(amount))
      issue("payment_amount", "Must be more than 0")
  }
  if (form.payment_date && Number.isNaN(Date.parse(form.payment_date)))
    issue("payment_date", "Enter a date")

  const payerGiven = [
    "payer.company_name",
    "payer.first_name",
    "payer.last_name",
    "payer.address.country_code",
  ].some((f) => form[f].trim())
  for (const party of ["beneficiary", "payer"] as const) {
    // the payer is optional: checked once the merchant starts filling it in
    if (party === "payer" && !payerGiven) continue
    const company = form[`${party}.entity_type`] === "COMPANY"
    if (company && !form[`${party}.company_name`].trim())
      issue(`${party}.company_name`, "Enter the company name")
    if (!company) {
      if (!form[`${party}.first_name`].trim())
        issue(`${party}.first_name`, "Enter the first name")
      if (!form[`${party}.last_name`].trim())
        issue(`${party}.last_name`, "Enter the last name")
    }
    const country = form[`${party}.address.country_code`]
    if (country && !COUNTRY.test(compact(country)))
      issue(`${party}.address.country_code`, "Two letters, e.g. GB")
  }
  const account = form["beneficiary.bank_details.account_number"]
  const iban = form["beneficiary.bank_details.iban"]
  if (!account.trim() && !iban.trim())
    issue(
      "beneficiary.bank_details.account_number",
      "Enter an account number or an IBAN"
    )
  if (iban && !IBAN.test(compact(iban)))
    issue(
      "beneficiary.bank_details.iban",
      "Not an IBAN (e.g. GB33BUKB20201555555555)"
    )
  const swift = form["beneficiary.bank_details.swift_code"]
  if (swift && !SWIFT.test(compact(swift)))
    issue(
      "beneficiary.bank_details.swift_code",
      "8 or 11 characters, e.g. BUKBGB22"
    )
  const bankCountry = form["beneficiary.bank_details.bank_country_code"]
  if (bankCountry && !COUNTRY.test(compact(bankCountry)))
    issue("beneficiary.bank_details.bank_country_code", "Two letters, e.g. GB")
})

export function validate(form: PayoutForm): FormErrors {
  const errors: FormErrors = {}
  const parsed = formSchema.safeParse(form)
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = String(issue.path[0]) as FieldName
    errors[field] ??= issue.message
  }
  // the server's own schema on the body the form would send: what it would
  // refuse is shown here first, so the form and the server never disagree
  const server = CreatePayoutBody.safeParse(bodyOf(form))
  for (const issue of server.success ? [] : server.error.issues) {
    const field = issue.path.join(".")
    if (isFormField(field))
      errors[field] ??=
        issue.message.charAt(0).toUpperCase() + issue.message.slice(1)
  }
  return errors
}

function isFormField(name: string): name is FieldName {
  return (FORM_FIELDS as readonly string[]).includes(name)
}

const UPPER = new Set<string>([
  "payment_currency",
  "beneficiary.address.country_code",
  "beneficiary.bank_details.iban",
  "beneficiary.bank_details.swift_code",
  "beneficiary.bank_details.bank_country_code",
  "payer.address.country_code",
])

/** The request body: nested as the API expects; empty fields and the other entity type's names left out. */
export function bodyOf(form: PayoutForm): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const field of FORM_FIELDS) {
    let value = form[field].trim()
    if (!value) continue
    const [party, ...rest] = field.split(".")
    const company = form[`${party}.entity_type` as FieldName] === "COMPANY"
    const leaf = rest[rest.length - 1]
    if (company && (leaf === "first_name" || leaf === "last_name")) continue
    if (!company && leaf === "company_name") continue
    if (UPPER.has(field)) value = compact(value)
    let target = body
    const path = field.split(".")
    for (const key of path.slice(0, -1))
      target = (target[key] ??= {}) as Record<string, unknown>
    target[path[path.length - 1]] = value
  }
  const beneficiary = body.beneficiary as Record<string, unknown> | undefined
  if (beneficiary?.entity_type !== "COMPANY") {
    if (beneficiary) beneficiary.entity_type = "INDIVIDUAL"
  }
  if (
    (body.payer as Record<string, unknown> | undefined) &&
    Object.keys(body.payer as object).length === 1
  )
    delete body.payer // only the entity type: no payer given
  return body
}

const SERVER_ISSUE = /^Invalid request: ([^\s:;]+):? ([^;]*)/

/** The form field a server 400 names first ("Invalid request: <field>: <reason>; …"), if the form has it. */
export function fieldOfServerError(message: string): FieldName | undefined {
  const field = SERVER_ISSUE.exec(message)?.[1]
  return (FORM_FIELDS as readonly string[]).includes(field ?? "")
    ? (field as FieldName)
    : undefined
}

/** What a server 400 says of its first field. */
export function reasonOfServerError(message: string): string {
  return SERVER_ISSUE.exec(message)?.[2] ?? message
}
