/**
 * Door of src/notifications: Medusa's queued notifications reach the
 * plugin's subscriber here; loading this file (on every instance) also
 * starts the plugin's own notification queue on a worker when the app
 * starts, and closes it when the app stops.
 */
import { container } from "@medusajs/framework"
import {
  registerShutdownTask,
  registerStartUpTask,
} from "../modules/acquiring/start-up-tasks"
import { startNotificationQueues } from "../notifications/queue-start"
import { closeNotificationQueues } from "../notifications/notification-queue"

registerStartUpTask(async ({ configModule, logger }) =>
  startNotificationQueues(configModule, container, logger)
)
registerShutdownTask(closeNotificationQueues)

export { default, config } from "../notifications/notification-subscriber"
