/**
 * The job's part for payouts: payouts still `sending` (a process that
 * stopped between writing and sending), `unknown` (a lost answer) or
 * `PENDING` are asked about with their own request_id. Quiet ones first
 * (oldest update first), bounded per run.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { refreshAcquiringPayoutWorkflow } from "./refresh-acquiring-payout"
import { quietOpenPayouts } from "../payout-store"

export interface ConfirmPayoutsOptions {
  /** leave payouts touched more recently than this alone (a send may still be under way) */
  quiet_ms?: number
  limit?: number
}

export async function confirmOpenPayouts(
  scope: MedusaContainer,
  { quiet_ms = 2 * 60_000, limit = 50 }: ConfirmPayoutsOptions = {}
): Promise<{ checked: number; settled: number }> {
  const before = new Date(Date.now() - quiet_ms)
  const open = await quietOpenPayouts(scope, before, limit)
  let settled = 0
  for (const payout of open) {
    try {
      const { result } = await refreshAcquiringPayoutWorkflow(scope).run({
        input: { id: payout.id },
      })
      if (result.status === "COMPLETED" || result.status === "FAILED")
        settled += 1
    } catch {
      // one payout that cannot be asked about must not stop the others
    }
  }
  return { checked: open.length, settled }
}
