/**
 * Authorisations that lapse, once a day: the feed notice one day before,
 * and a lapsed one recorded as cancelled once the acquirer confirms it
 * (src/authorization-lapses/authorization-lapses.ts).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { runAuthorisationLapsing } from "../authorization-lapses/authorization-lapses"

export { runAuthorisationLapsing }

export default async function authorisationsLapsingJob(
  container: MedusaContainer
) {
  await runAuthorisationLapsing(container)
}

export const config = {
  name: "authorisations-lapsing",
  // once a day, early in the morning (server time), before the day's captures
  schedule: "0 6 * * *",
}
