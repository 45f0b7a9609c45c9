/**
 * POST /v1/payout: a payout starts PENDING and moves to COMPLETED or FAILED
 * (by itself after the settle delay, or forced from the control surface).
 * DECISION test amounts: an integer part of 999 fails, 555 stays pending
 * until forced, anything else completes; test beneficiary accounts (account
 * number or IBAN, see FAILING_ACCOUNTS) fail with their own reason. A
 * repeated request_id answers the payout already made, never a second one.
 */
import {
  identify,
  badRequest,
  unknownAccount,
  type Operation,
  type Reply,
  type SandboxContext,
} from "../context"
import { isoWithOffset } from "../clock-format"
import { checkNotifyUrl } from "../notify-url"
import { Refusal } from "../result-codes"
import type { Payout, PayoutStatus } from "../store"
import {
  amount,
  currency,
  nested,
  required,
  text,
  type WireBody,
} from "../wire-fields"

export function payoutTestOutcome(paymentAmount: string): PayoutStatus {
  const whole = paymentAmount.split(".")[0]
  if (whole === "999") return "FAILED"
  if (whole === "555") return "PENDING"
  return "COMPLETED"
}

/**
 * DECISION test beneficiary accounts: a payout to an account number or IBAN
 * ending in one of these settles FAILED with this failure_type and reason.
 */
export const FAILING_ACCOUNTS: Readonly<
  Record<string, { type: string; reason: string }>
> = Object.freeze({
  "0404": {
    type: "INVALID_ACCOUNT",
    reason: "Beneficiary account does not exist",
  },
  "0410": {
    type: "ACCOUNT_CLOSED",
    reason: "Beneficiary account is closed",
  },
})

export function failingAccount(
  beneficiary: unknown
): { type: string; reason: string } | undefined {
  const bank = (beneficiary as { bank_details?: unknown } | undefined)
    ?.bank_details as { account_number?: unknown; iban?: unknown } | undefined
  for (const value of [bank?.account_number, bank?.iban]) {
    if (typeof value !== "string") continue
    const failure = FAILING_ACCOUNTS[value.replace(/\s+/g, "").slice(-4)]
    if (failure) return failure
  }
  return undefined
}

export const payout: Operation = (ctx, { body }) => {
  const caller = identify(ctx, "payout", body)
  if (!caller) return unknownAccount()
  if (!caller.signed)
    return badRequest("I0013", "encryption_data", "Signature error")
  const { account } = caller
  try {
    const request_id = required(body, "request_id")
    const ledger = ctx.store.ledger(account)
    const earlier = ledger.payouts.get(request_id)
    if (earlier) return answer(ctx, earlier)
    const payment_currency = currency(body, "payment_currency")
    const payment_amount = amount(body, "payment_amount", payment_currency)
    if (payment_amount.length > ctx.fieldLimits.amount) {
      throw Refusal.field(
        "E0001",
        "payment_amount",
        `is longer than ${ctx.fieldLimits.amount} characters`
      )
    }
    const beneficiary = nested(body, "beneficiary")
    if (
      !beneficiary ||
      typeof beneficiary !== "object" ||
      Array.isArray(beneficiary)
    ) {
      throw Refusal.field(
        "E0001",
        "beneficiary",
        "is required and must be an object"
      )
    }
    const payer = nested(body, "payer")
    const notify_url = text(body, "notify_url")
    checkNotifyUrl(notify_url, ctx.notifyHosts)
    const now = ctx.clock()
    const failure = failingAccount(beneficiary)
    const record: Payout = {
      merchant_id: account.merchant_id,
      account_id: account.account_id,
      request_id,
      transaction_id: ctx.store.newTransactionId(),
      short_reference_id: ctx.store.newShortReference(),
      request: {
        ...requestEcho(body),
        beneficiary,
        ...(payer === undefined ? {} : { payer }),
        payment_currency,
        payment_amount,
      },
      status: "PENDING",
      settles_to: failure ? "FAILED" : payoutTestOutcome(payment_amount),
      ...(failure ? { failure } : {}),
      failure_type: "",
      failure_reason: "",
      notify_url,
      created_at: now,
      last_updated_at: now,
    }
    ledger.payouts.set(request_id, record)
    ctx.payouts.schedule(record)
    return answer(ctx, record)
  } catch (error) {
    if (error instanceof Refusal)
      return badRequest(error.code, error.field ?? "body", error.info)
    throw error
  }
}

function requestEcho(body: WireBody): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...body }
  delete copy.encryption_data
  return copy
}

function answer(ctx: SandboxContext, record: Payout): Reply {
  const amountText = String(record.request.payment_amount)
  return {
    kind: "json",
    body: {
      ...record.request,
      // numbers on the wire, as the interface shows; written from the decimal text, no arithmetic
      amount_beneficiary_receives: Number(amountText),
      amount_payer_pays: Number(amountText),
      fee_amount: 0,
      fee_currency: record.request.payment_currency,
      created_at: isoWithOffset(record.created_at),
      payer_id: `P${record.merchant_id}`,
      ...ctx.payouts.statusFields(record),
    },
    summary: `payout ${record.transaction_id} ${record.status}`,
  }
}
