/**
 * Authorisations that lapse, once a day: the feed notice one day before,
 * and a lapsed one recorded as cancelled once the acquirer confirms it
 * (src/authorization-lapses/authorization-lapses.ts).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { runAuthorizationLapsing } from "../authorization-lapses/authorization-lapses"

export { runAuthorizationLapsing }

export default async function authorizationsLapsingJob(
  container: MedusaContainer
) {
  await runAuthorizationLapsing(container)
}

export const config = {
  name: "authorizations-lapsing",
  // once a day, early in the morning (server time), before the day's captures
  schedule: "0 6 * * *",
}
