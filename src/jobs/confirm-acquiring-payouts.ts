/**
 * Payouts whose outcome is still open (a lost answer, a lost notification, a
 * payout the acquirer still processes) are asked about with their own
 * request_id until they are COMPLETED or FAILED.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { confirmOpenPayouts } from "../payouts/workflows/confirm-open-payouts"

export default async function confirmAcquiringPayoutsJob(
  container: MedusaContainer
) {
  await confirmOpenPayouts(container)
}

export const config = {
  name: "confirm-acquiring-payouts",
  schedule: "*/10 * * * *",
}
