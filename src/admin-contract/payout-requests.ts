/**
 * Bodies and queries of /admin/acquiring/payouts: the server's checks, and
 * the admin's create form runs the same body schema before it sends. The beneficiary and payer
 * are the gateway's own request schemas (so what passes here is what the
 * acquirer's request accepts); amounts are decimal strings checked against
 * the currency's digits, never numbers.
 */
import { z } from "zod"
// each from its own file: the admin's bundle must not reach the gateway's HTTP client
import { InvalidInputError } from "../gateway/errors"
import { formatAmount, toDecimal } from "../gateway/money/amount"
import { currencyCode, isoDate } from "../gateway/schemas/common"
import { beneficiarySchema, payerSchema } from "../gateway/schemas/payout"
import { maskCardNumbersInText } from "../gateway/redact"

// the shapes, not the checksums: the acquirer's bank checks those
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/
const SWIFT = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/
const DECIMAL = /^\d{1,12}(\.\d{1,4})?$/
// a UUID fits; so does any other client-made key of these characters
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{1,64}$/
const PAYOUT_STATUSES = [
  "sending",
  "unknown",
  "PENDING",
  "COMPLETED",
  "FAILED",
] as const

const decimalText = z
  .string({ error: "must be a decimal string such as 150.00" })
  .regex(DECIMAL, "must be a decimal string such as 150.00")
const optionalText = (max: number) =>
  z
    .string({ error: "must be a string" })
    .trim()
    .min(1, "must not be empty")
    .max(max, `must be at most ${max} characters`)
    .optional()

/** The amount in the currency's digits, or the reason it cannot be. */
function checkAmount(
  value: string,
  currency: string,
  ctx: z.RefinementCtx,
  field: string
): void {
  try {
    formatAmount(value, currency, field)
    if (!toDecimal(value, field).isGreaterThan(0))
      ctx.addIssue({
        code: "custom",
        path: [field],
        message: "must be more than 0",
      })
  } catch (error) {
    ctx.addIssue({
      code: "custom",
      path: [field],
      message:
        error instanceof InvalidInputError ? error.reason : "is not an amount",
    })
  }
}

export const CreatePayoutBody = z
  .strictObject({
    /** the client's key for this create: a repeat answers with the payout it made; absent: no de-duplication */
    idempotency_key: z
      .string({ error: "must be a string" })
      .regex(
        IDEMPOTENCY_KEY,
        "must be 1 to 64 characters of A-Z, a-z, 0-9, _ and -"
      )
      .optional(),
    /** the provider entry whose merchant account pays; the first acquiring entry when absent */
    provider_id: optionalText(100),
    /** the admin account (Settings → Acquiring) whose merchant account pays; absent: the account serving the provider and currency */
    account_id: z
      .string({ error: "must be a string" })
      .regex(
        /^acqacc_[A-Za-z0-9]{1,64}$/,
        "must be an acquiring account id (acqacc_…)"
      )
      .optional(),
    beneficiary: beneficiarySchema,
    payer: payerSchema.optional(),
    beneficiary_id: optionalText(64),
    payment_amount: decimalText,
    payment_currency: currencyCode,
    source_amount: decimalText.optional(),
    source_currency: currencyCode.optional(),
    payment_date: isoDate
      .refine((value) => !Number.isNaN(Date.parse(value)), "is not a date")
      .optional(),
    payment_method: optionalText(32),
    swift_charge_option: z
      .enum(["SHARED", "OUR", "BEN"], {
        error: "must be SHARED, OUR or BEN",
      })
      .optional(),
    fund_source: optionalText(64),
    fee_paid_by: z
      .enum(["PAYER", "BENEFICIARY"], { error: "must be PAYER or BENEFICIARY" })
      .optional(),
    // free text: a card number typed into it is stored (and sent) as first 6 / last 4
    reason: optionalText(140).transform(
      (text) => text && maskCardNumbersInText(text)
    ),
    reference: optionalText(64),
    client_data: optionalText(1000),
  })
  .superRefine((body, ctx) => {
    checkAmount(
      body.payment_amount,
      body.payment_currency,
      ctx,
      "payment_amount"
    )
    if (body.source_amount !== undefined)
      checkAmount(
        body.source_amount,
        body.source_currency ?? body.payment_currency,
        ctx,
        "source_amount"
      )
    const b = body.beneficiary
    if (!b.company_name && !(b.first_name && b.last_name)) {
      ctx.addIssue({
        code: "custom",
        path: [
          "beneficiary",
          b.entity_type === "COMPANY" ? "company_name" : "first_name",
        ],
        message:
          b.entity_type === "COMPANY"
            ? "is required for a company"
            : "first_name and last_name (or company_name) are required",
      })
    }
    const bank = b.bank_details
    const compact = (value: string) => value.replace(/\s+/g, "").toUpperCase()
    if (bank?.iban && !IBAN.test(compact(bank.iban)))
      ctx.addIssue({
        code: "custom",
        path: ["beneficiary", "bank_details", "iban"],
        message: "is not an IBAN",
      })
    if (bank?.swift_code && !SWIFT.test(compact(bank.swift_code)))
      ctx.addIssue({
        code: "custom",
        path: ["beneficiary", "bank_details", "swift_code"],
        message: "must be a SWIFT / BIC code of 8 or 11 characters",
      })
    if (!bank?.account_number && !bank?.iban) {
      ctx.addIssue({
        code: "custom",
        path: ["beneficiary", "bank_details", "account_number"],
        message: "an account number or an IBAN is required",
      })
    }
  })
  .transform((body) => ({
    ...body,
    payment_amount: formatAmount(body.payment_amount, body.payment_currency),
    source_amount:
      body.source_amount === undefined
        ? undefined
        : formatAmount(
            body.source_amount,
            body.source_currency ?? body.payment_currency
          ),
  }))

export type CreatePayoutBody = z.output<typeof CreatePayoutBody>

const statusValue = z.enum(PAYOUT_STATUSES, {
  error: `must be one of ${PAYOUT_STATUSES.join(", ")}`,
})
const dateText = z
  .string({ error: "must be a date" })
  .refine(
    (value) => !Number.isNaN(Date.parse(value)),
    "must be an ISO 8601 date"
  )
  .transform((value) => new Date(value))

export const ListPayoutsQuery = z.strictObject({
  status: z
    .union([statusValue, z.array(statusValue)])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .optional(),
  currency: currencyCode.optional(),
  created_at: z
    .strictObject({
      gte: dateText.optional(),
      lte: dateText.optional(),
      gt: dateText.optional(),
      lt: dateText.optional(),
    })
    .optional(),
  q: z.string({ error: "must be a string" }).trim().max(100).optional(),
  limit: z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(100, "must be at most 100")
    .default(20),
  offset: z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(0, "must be at least 0")
    .default(0),
})

export type ListPayoutsQuery = z.output<typeof ListPayoutsQuery>
