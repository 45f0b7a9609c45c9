/**
 * Bank transfers (wire contract, "Payment methods", a DECISION): a delayed
 * method. The hosted page ends with the transfer awaited (order_status -1,
 * P0001, payment_status 2100); the money arriving captures the payment at
 * once (1, 3000); a transfer not received within the transfer lifetime
 * lapses (0, E0012, 1100). Each change is a PAYMENT notification. Like the
 * authorisation lifetime, the lapse is decided when the transaction is next
 * read or operated on, never by a timer.
 */
import { DAY_MS } from "./clock-format"
import type { SandboxContext } from "./context"
import { resultInfo, SUCCESS } from "./result-codes"
import { notifyOutcome } from "./results"
import type { Transaction } from "./transactions"

export const DEFAULT_TRANSFER_LIFETIME_DAYS = 7

/** The account the sandbox asks shoppers to send transfers to (made up, never a real bank). */
export const SANDBOX_TRANSFER_ACCOUNT = Object.freeze({
  holder: "Sandbox Acquiring Ltd",
  iban: "GB00 SBOX 0000 0000 0000 00",
  bic: "SBOXGB00",
})

export const TRANSFER_AWAITED_INFO = resultInfo("P0001")

export function resolveTransferLifetime(days: number | undefined): number {
  const value = days ?? DEFAULT_TRANSFER_LIFETIME_DAYS
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError("transfer_lifetime_days must be a positive integer")
  return value
}

/** The shopper said the transfer is sent: the payment waits for the money. */
export function awaitTransfer(ctx: SandboxContext, tx: Transaction): void {
  const now = ctx.clock()
  tx.state = "pending_transfer"
  tx.payment_method = "BANK_TRANSFER"
  tx.result_info = TRANSFER_AWAITED_INFO
  tx.card_masked = ""
  tx.is3ds = false
  tx.threeds_result = ""
  tx.risk_action = "ACCEPT"
  tx.risk_score = "12"
  tx.transfer_awaited_at = now
  tx.updated_at = now
}

/** When an awaited transfer lapses; undefined when none is awaited. */
export function transferLapseTime(
  tx: Transaction,
  lifetimeDays: number
): Date | undefined {
  if (tx.state !== "pending_transfer" || !tx.transfer_awaited_at)
    return undefined
  return new Date(tx.transfer_awaited_at.getTime() + lifetimeDays * DAY_MS)
}

/** The money arrived: captured on arrival, notified. False when no transfer is awaited. */
export function receiveTransfer(ctx: SandboxContext, tx: Transaction): boolean {
  lapseTransferIfDue(ctx, tx)
  if (tx.state !== "pending_transfer") return false
  tx.state = "captured"
  tx.captured_amount = tx.amount
  tx.result_info = SUCCESS
  tx.updated_at = ctx.clock()
  notifyOutcome(ctx, tx, "PAYMENT")
  return true
}

/** The transfer never arrived: failed with E0012, notified. False when no transfer is awaited. */
export function lapseTransfer(
  ctx: SandboxContext,
  tx: Transaction,
  at: Date = ctx.clock()
): boolean {
  if (tx.state !== "pending_transfer") return false
  tx.state = "failed"
  tx.result_info = resultInfo("E0012")
  tx.transfer_lapsed_at = at
  tx.updated_at = at
  notifyOutcome(ctx, tx, "PAYMENT")
  return true
}

/** Lapses an awaited transfer whose lifetime is over. */
export function lapseTransferIfDue(ctx: SandboxContext, tx: Transaction): void {
  const lapsesAt = transferLapseTime(tx, ctx.transferLifetimeDays)
  if (!lapsesAt || lapsesAt.getTime() > ctx.clock().getTime()) return
  lapseTransfer(ctx, tx, lapsesAt)
}
