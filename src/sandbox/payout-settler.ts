/**
 * Moves payouts from PENDING to COMPLETED or FAILED: by itself after a delay,
 * or when forced through the control surface. Each final state is notified
 * to the payout's notify_url.
 */
import type { AccountRegistry } from "./accounts"
import type { Notifier } from "./notifier"
import { signFields, type SandboxRecipes } from "./signer"
import type { Payout, PayoutStatus } from "./store"
import { isoWithOffset } from "./clock-format"

export const PAYOUT_FAILURE = {
  type: "UNKNOWN",
  reason: "Beneficiary bank rejected the payment",
} as const

export class PayoutSettler {
  private timers = new Set<NodeJS.Timeout>()

  constructor(
    private readonly settleMs: number | null,
    private readonly clock: () => Date,
    private readonly accounts: AccountRegistry,
    private readonly recipes: SandboxRecipes,
    private readonly notifier: Notifier
  ) {}

  /** Schedules the automatic settlement of a new payout, if it has one. */
  schedule(payout: Payout): void {
    const target = payout.settles_to
    if (this.settleMs === null || target === "PENDING") return
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      this.resolve(payout, target)
    }, this.settleMs)
    timer.unref()
    this.timers.add(timer)
  }

  /** Only a PENDING payout moves; returns whether it did. */
  resolve(payout: Payout, status: Exclude<PayoutStatus, "PENDING">): boolean {
    if (payout.status !== "PENDING") return false
    payout.status = status
    payout.last_updated_at = this.clock()
    if (status === "FAILED") {
      payout.failure_type = payout.failure?.type ?? PAYOUT_FAILURE.type
      payout.failure_reason = payout.failure?.reason ?? PAYOUT_FAILURE.reason
    }
    this.notify(payout)
    return true
  }

  /** The signed fields of the payout's current state. */
  statusFields(payout: Payout): Record<string, unknown> {
    const fields: Record<string, unknown> = {
      merchant_id: payout.merchant_id,
      account_id: payout.account_id,
      request_id: payout.request_id,
      transaction_id: payout.transaction_id,
      status: payout.status,
      failure_type: payout.failure_type,
      failure_reason: payout.failure_reason,
      short_reference_id: payout.short_reference_id,
      last_updated_at: isoWithOffset(payout.last_updated_at),
    }
    const account = this.accounts.find(payout.merchant_id, payout.account_id)
    fields.encryption_data = account
      ? signFields("payout_response", fields, account.sign_key, this.recipes)
      : ""
    return fields
  }

  private notify(payout: Payout): void {
    if (payout.notify_url === "") return
    this.notifier.send({
      notify_type: "PAYOUT",
      transaction_id: payout.transaction_id,
      url: payout.notify_url,
      fields: { ...this.statusFields(payout), notify_type: "PAYOUT" },
    })
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
  }
}
