/**
 * Chargebacks (wire contract DECISION, "Chargebacks"): the card holder's
 * bank claims back all or part of a captured payment, at most what was
 * captured and neither refunded nor claimed already by a chargeback that is
 * open or lost. A chargeback opens OPEN and moves once, to WON (decided for
 * the merchant) or LOST (for the card holder); each step is a CHARGEBACK
 * notification signed with the chargeback recipe. While one is open the
 * payment reads payment_status 5000 and refunds are refused (E0005); once
 * one is lost it reads 5100 and that amount can no longer be refunded
 * (transactions.ts). Only the control surface opens and decides them.
 */
import { InvalidInputError } from "../gateway/errors"
import {
  compareAmounts,
  parseAmount,
  subtractAmounts,
} from "../gateway/money/amount"
import { lapseIfDue } from "./authorization-lifetime"
import { stateWords } from "./batch"
import { compactTimestamp, DAY_MS } from "./clock-format"
import type { SandboxContext } from "./context"
import type { NotificationRecord } from "./notifier"
import { notifyOutcome, paymentIdentity } from "./results"
import type { SandboxStore } from "./store"
import {
  chargebackAmount,
  refundableAmount,
  type ChargebackRecord,
  type Transaction,
} from "./transactions"

export const DEFAULT_CHARGEBACK_REASON = "4837:No cardholder authorisation"
/** days the merchant has to contest an open chargeback, unless the opening names others */
export const DEFAULT_RESPOND_BY_DAYS = 10
const MAX_RESPOND_BY_DAYS = 365
const MAX_REASON_LENGTH = 200
/** `<code>:<text>` */
const REASON_FORM = /^[A-Za-z0-9]{1,10}:\S/

/** What opening or deciding a chargeback refuses: the field at fault, 400 for the input and 409 for the state. */
export class ChargebackRefusal extends Error {
  constructor(
    readonly field: string,
    message: string,
    readonly status: 400 | 409 = 400
  ) {
    super(message)
  }
}

/** The control surface's opening body; every field is optional. */
export interface ChargebackOpening {
  /** default: everything still chargeable */
  amount?: unknown
  reason?: unknown
  respond_by_days?: unknown
}

export interface FoundChargeback {
  tx: Transaction
  chargeback: ChargebackRecord
}

/** What the card holder's bank may still claim: the refundable amount less the open chargebacks. */
export function chargeableAmount(tx: Transaction): string {
  return subtractAmounts(
    refundableAmount(tx),
    chargebackAmount(tx, ["OPEN"]),
    tx.currency
  )
}

/** Opens a chargeback against a captured payment and notifies it; throws a ChargebackRefusal. */
export function openChargeback(
  ctx: SandboxContext,
  tx: Transaction,
  opening: ChargebackOpening
): ChargebackRecord {
  const reason = readReason(opening.reason)
  const days = readRespondByDays(opening.respond_by_days)
  lapseIfDue(ctx, tx)
  if (tx.state !== "captured") {
    throw new ChargebackRefusal(
      "transaction_id",
      `only a captured payment can be charged back: ${stateWords(tx)}`,
      409
    )
  }
  const chargeable = chargeableAmount(tx)
  if (compareAmounts(chargeable, 0) === 0) {
    throw new ChargebackRefusal(
      "transaction_id",
      "nothing is left to charge back: the payment is refunded or charged back in full",
      409
    )
  }
  const now = ctx.clock()
  const chargeback: ChargebackRecord = {
    chargeback_reference: ctx.store.newReference("CB"),
    chargeback_amount:
      opening.amount === undefined
        ? chargeable
        : readAmount(opening.amount, tx.currency, chargeable),
    chargeback_reason: reason,
    chargeback_status: "OPEN",
    chargeback_date: now,
    respond_by: new Date(now.getTime() + days * DAY_MS),
  }
  tx.chargebacks.push(chargeback)
  tx.updated_at = now
  notifyChargeback(ctx, tx, chargeback)
  return chargeback
}

/** OPEN → WON or LOST, once, notified; any other move throws a ChargebackRefusal (409). */
export function decideChargeback(
  ctx: SandboxContext,
  { tx, chargeback }: FoundChargeback,
  outcome: "WON" | "LOST"
): void {
  if (chargeback.chargeback_status !== "OPEN") {
    throw new ChargebackRefusal(
      "chargeback_reference",
      `the chargeback is already ${chargeback.chargeback_status}: only an OPEN one is won or lost`,
      409
    )
  }
  const now = ctx.clock()
  chargeback.chargeback_status = outcome
  chargeback.decided_at = now
  tx.updated_at = now
  notifyChargeback(ctx, tx, chargeback)
}

/** A CHARGEBACK notification of the chargeback as it stands, when the transaction has a notify_url. */
export function notifyChargeback(
  ctx: SandboxContext,
  tx: Transaction,
  chargeback: ChargebackRecord
): NotificationRecord | undefined {
  return notifyOutcome(ctx, tx, "CHARGEBACK", wireChargeback(chargeback))
}

/** The chargeback's fields as a notification and a status-query entry carry them. */
export function wireChargeback(
  chargeback: ChargebackRecord
): Record<string, string> {
  return {
    chargeback_reference: chargeback.chargeback_reference,
    chargeback_amount: chargeback.chargeback_amount,
    chargeback_reason: chargeback.chargeback_reason,
    chargeback_status: chargeback.chargeback_status,
    chargeback_date: compactTimestamp(chargeback.chargeback_date),
    respond_by: compactTimestamp(chargeback.respond_by),
  }
}

/** The control surface's view: the wire fields, whose payment it is, and when it was decided. */
export function chargebackView({
  tx,
  chargeback,
}: FoundChargeback): Record<string, unknown> {
  return {
    ...paymentIdentity(tx),
    ...wireChargeback(chargeback),
    decided_at: chargeback.decided_at?.toISOString(),
  }
}

/** Every chargeback of every account, oldest transaction first (control surface only). */
export function allChargebacks(store: SandboxStore): FoundChargeback[] {
  return store
    .allLedgers()
    .flatMap((ledger) => [...ledger.transactions.values()])
    .flatMap((tx) => tx.chargebacks.map((chargeback) => ({ tx, chargeback })))
}

export function findChargeback(
  store: SandboxStore,
  reference: string
): FoundChargeback | undefined {
  return allChargebacks(store).find(
    ({ chargeback }) => chargeback.chargeback_reference === reference
  )
}

function readReason(value: unknown): string {
  if (value === undefined) return DEFAULT_CHARGEBACK_REASON
  if (
    typeof value !== "string" ||
    value.length > MAX_REASON_LENGTH ||
    !REASON_FORM.test(value)
  ) {
    throw new ChargebackRefusal(
      "reason",
      `must be <code>:<text> of at most ${MAX_REASON_LENGTH} characters, like 4853:Not as described`
    )
  }
  return value
}

function readRespondByDays(value: unknown): number {
  if (value === undefined) return DEFAULT_RESPOND_BY_DAYS
  if (
    typeof value !== "number" ||
    !Number.isInteger(value) ||
    value < 1 ||
    value > MAX_RESPOND_BY_DAYS
  ) {
    throw new ChargebackRefusal(
      "respond_by_days",
      `must be a whole number of days from 1 to ${MAX_RESPOND_BY_DAYS}`
    )
  }
  return value
}

/** A wire amount in the payment's currency, above zero and at most what is still chargeable. */
function readAmount(value: unknown, currency: string, chargeable: string) {
  if (typeof value !== "string")
    throw new ChargebackRefusal("amount", "must be a decimal string like 15.00")
  try {
    parseAmount(value, currency, "amount")
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error
    throw new ChargebackRefusal("amount", error.reason)
  }
  if (compareAmounts(value, 0) === 0)
    throw new ChargebackRefusal("amount", "must be greater than zero")
  if (compareAmounts(value, chargeable) > 0) {
    throw new ChargebackRefusal(
      "amount",
      `${value} is more than the ${chargeable} ${currency} still chargeable (captured, less refunds and open or lost chargebacks)`
    )
  }
  return value
}
