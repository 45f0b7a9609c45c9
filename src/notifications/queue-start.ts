/**
 * Which notification queues this instance serves, from medusa-config: every
 * acquiring provider entry with `notification_handling: "worker"` names one
 * (its `notification_queue`, Redis from Medusa's `projectConfig.redisUrl`
 * unless it names its own). A worker or a shared instance takes their
 * notifications; a server only puts them in.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  notificationHandlingOf,
  notificationQueueOf,
} from "../accounts/options"
import { acquiringEntries } from "../accounts/provider-entries"
import { doesBackgroundWork, instanceRole } from "../instance-health/role"
import {
  startNotificationWorker,
  type NotificationQueueLog,
} from "./notification-queue"

export function startNotificationQueues(
  configModule: unknown,
  container: MedusaContainer,
  log: NotificationQueueLog
): void {
  const redisUrl = (
    configModule as { projectConfig?: { redisUrl?: string } } | undefined
  )?.projectConfig?.redisUrl
  const takes = doesBackgroundWork(instanceRole(configModule))
  for (const entry of acquiringEntries(configModule)) {
    if (notificationHandlingOf(entry.options) !== "worker") continue
    const queue = notificationQueueOf(entry.options)
    const redis_url = queue.redis_url ?? redisUrl
    if (!redis_url) {
      log.warn(
        `[acquiring] ${entry.id}: notification_handling "worker" needs notification_queue.redis_url or projectConfig.redisUrl; notifications are handled where they arrive until one is set`
      )
      continue
    }
    if (takes) startNotificationWorker({ ...queue, redis_url }, container, log)
  }
}
