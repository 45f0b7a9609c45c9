/**
 * Authorisations that lapse (wire contract, "Authorisation lifetime", a
 * DECISION): an authorisation not captured within the lifetime is released
 * and reads payment_status 1100; a capture afterwards is E0005. Evaluated
 * when a transaction is read or operated on, never by a timer, so a test
 * clock or an aged transaction decides alone.
 */
import { lapseTransferIfDue } from "./bank-transfers"
import { isoDate, DAY_MS } from "./clock-format"
import type { SandboxContext } from "./context"
import type { Transaction } from "./transactions"

export const DEFAULT_AUTHORIZATION_LIFETIME_DAYS = 7

export function resolveAuthorizationLifetime(days: number | undefined): number {
  const value = days ?? DEFAULT_AUTHORIZATION_LIFETIME_DAYS
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(
      "authorisation_lifetime_days must be a positive integer"
    )
  return value
}

/** When an authorised transaction's authorisation lapses; undefined when it holds none. */
export function lapseTime(
  tx: Transaction,
  lifetimeDays: number
): Date | undefined {
  if (!tx.authorised_at) return undefined
  return new Date(tx.authorised_at.getTime() + lifetimeDays * DAY_MS)
}

/**
 * Releases an authorised, uncaptured transaction whose lifetime is over;
 * an awaited bank transfer past its own lifetime lapses too (bank-transfers.ts).
 */
export function lapseIfDue(ctx: SandboxContext, tx: Transaction): void {
  if (tx.state === "pending_transfer") return lapseTransferIfDue(ctx, tx)
  if (tx.state !== "authorised") return
  const lapsesAt = lapseTime(tx, ctx.authorizationLifetimeDays)
  if (!lapsesAt || lapsesAt.getTime() > ctx.clock().getTime()) return
  tx.state = "voided"
  tx.lapsed = { at: lapsesAt, after_days: ctx.authorizationLifetimeDays }
  tx.updated_at = lapsesAt
}

/** "its authorisation lapsed on 2026-11-03 (after 7 days)", for refusal texts. */
export function lapseWords(lapsed: NonNullable<Transaction["lapsed"]>): string {
  return `its authorisation lapsed on ${isoDate(lapsed.at)} (after ${lapsed.after_days} days)`
}

/**
 * The control surface's ageing: the transaction happened `days` earlier
 * (its creation, authorisation, awaited transfer and last change move back alike).
 */
export function ageTransaction(tx: Transaction, days: number): void {
  const back = (date: Date) => new Date(date.getTime() - days * DAY_MS)
  tx.created_at = back(tx.created_at)
  tx.updated_at = back(tx.updated_at)
  if (tx.authorised_at) tx.authorised_at = back(tx.authorised_at)
  if (tx.transfer_awaited_at)
    tx.transfer_awaited_at = back(tx.transfer_awaited_at)
  if (tx.transfer_lapsed_at) tx.transfer_lapsed_at = back(tx.transfer_lapsed_at)
  if (tx.lapsed) tx.lapsed = { ...tx.lapsed, at: back(tx.lapsed.at) }
}
