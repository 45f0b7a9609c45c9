/**
 * An account was saved or deleted on some instance: the instance that takes
 * the event drops its cached accounts at once. With the Redis event bus one
 * instance takes each event (never a `server` one), so this only hastens
 * that one: every instance finds a change by itself within a second by
 * reading the accounts' version (accounts/account-source.ts). Loading this
 * file also registers the settings' start-up check: subscribers load on
 * every instance, even when no provider entry does.
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import {
  accountSource,
  SETTINGS_CHANGED_EVENT,
} from "../accounts/account-source"
import { checkConfigurationAtStartUp } from "../accounts/start-up-check"
import { registerStartUpTask } from "../modules/acquiring/start-up-tasks"

registerStartUpTask(checkConfigurationAtStartUp)

export default async function acquiringSettingsChanged(
  _args: SubscriberArgs<{ id: string }>
) {
  accountSource().invalidate()
}

export const config: SubscriberConfig = { event: SETTINGS_CHANGED_EVENT }
