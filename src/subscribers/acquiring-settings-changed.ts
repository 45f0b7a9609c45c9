/**
 * An account was saved or deleted on some instance: drop this instance's
 * cached accounts so the next payment reads them again (without the event,
 * the cache expires within seconds anyway). Loading this file also
 * registers the settings' start-up check: subscribers load on every
 * instance, even when no provider entry does.
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import {
  accountSource,
  SETTINGS_CHANGED_EVENT,
} from "../providers/acquiring/settings/account-source"
import { checkConfigurationAtStartUp } from "../providers/acquiring/config/start-up-check"
import { registerStartUpTask } from "../modules/acquiring/start-up-tasks"

registerStartUpTask(checkConfigurationAtStartUp)

export default async function acquiringSettingsChanged(
  _args: SubscriberArgs<{ id: string }>
) {
  accountSource().invalidate()
}

export const config: SubscriberConfig = { event: SETTINGS_CHANGED_EVENT }
