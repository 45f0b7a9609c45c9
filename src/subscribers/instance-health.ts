/**
 * Door of src/instance-health: loading this file (subscribers load on every
 * instance, server and worker alike) starts the instance's health reports
 * when the app starts and stops them when it shuts down; a settings change this instance hears of is
 * reported at once instead of on the next beat. A worker able to act (at its
 * start, or fixed) catches up on deferred work through the app's container.
 */
import {
  container,
  type SubscriberArgs,
  type SubscriberConfig,
} from "@medusajs/framework"
import {
  registerShutdownTask,
  registerStartUpTask,
} from "../modules/acquiring/start-up-tasks"
import {
  reportNow,
  startHeartbeat,
  stopHeartbeat,
} from "../instance-health/heartbeat"
import {
  accountSource,
  SETTINGS_CHANGED_EVENT,
} from "../accounts/account-source"
import { catchUpDeferredWork } from "../reconciliation/catch-up"

registerStartUpTask((deps) =>
  startHeartbeat(deps, (why) => catchUpDeferredWork(container, why))
)
registerShutdownTask(stopHeartbeat)

export default async function instanceHealthOnSettingsChange(
  _args: SubscriberArgs<{ id: string }>
) {
  accountSource().invalidate()
  await reportNow()
}

export const config: SubscriberConfig = {
  event: SETTINGS_CHANGED_EVENT,
  context: { subscriberId: "acquiring-instance-health" },
}
