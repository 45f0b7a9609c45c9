/**
 * Shopper data and payment history kept only as long as the retention
 * options say, once a day (src/retention/retention.ts).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { runRetention } from "../retention/retention"

export default async function acquiringRetentionJob(
  container: MedusaContainer
) {
  await runRetention(container)
}

export const config = {
  name: "acquiring-retention",
  // once a day, at night (server time), away from the other daily job
  schedule: "17 3 * * *",
}
