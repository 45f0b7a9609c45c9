/**
 * Which notification queues this instance serves, from medusa-config: every
 * acquiring provider entry with `notification_handling: "worker"` names one
 * (its `notification_queue`, Redis from Medusa's `projectConfig.redisUrl`
 * unless it names its own). A worker or a shared instance takes their
 * notifications; a server only puts them in (notification-door.ts).
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
  type QueueTarget,
} from "./notification-queue"

/** The queue an entry's options name, on its own Redis or Medusa's; undefined when it has none or handles notifications another way. */
export function notificationQueueTarget(
  rawOptions: unknown,
  configModule: unknown
): (QueueTarget & { concurrency: number }) | undefined {
  if (notificationHandlingOf(rawOptions) !== "worker") return undefined
  const queue = notificationQueueOf(rawOptions)
  const redis_url =
    queue.redis_url ??
    (configModule as { projectConfig?: { redisUrl?: string } } | undefined)
      ?.projectConfig?.redisUrl
  return redis_url ? { ...queue, redis_url } : undefined
}

export function startNotificationQueues(
  configModule: unknown,
  container: MedusaContainer,
  log: NotificationQueueLog
): void {
  const takes = doesBackgroundWork(instanceRole(configModule))
  for (const entry of acquiringEntries(configModule)) {
    if (notificationHandlingOf(entry.options) !== "worker") continue
    const target = notificationQueueTarget(entry.options, configModule)
    if (!target) {
      log.warn(
        `[acquiring] ${entry.id}: notification_handling "worker" needs notification_queue.redis_url or projectConfig.redisUrl; notifications are handled where they arrive until one is set`
      )
      continue
    }
    if (takes) startNotificationWorker(target, container, log)
  }
}
