import { Queue } from "bullmq"
import Redis from "ioredis"
import { pollAgain } from "./polling"
import type { WebhookTracker } from "./webhook-tracker"

/** The Redis the deployment specs share Medusa's events, workflows, cache and locks through. */
export function deploymentRedis(): { url: string; prefix: string } {
  const url = process.env.ACQUIRING_TEST_REDIS_URL
  const prefix = process.env.ACQUIRING_TEST_REDIS_PREFIX
  if (!url || !prefix)
    throw new Error(
      "ACQUIRING_TEST_REDIS_URL and ACQUIRING_TEST_REDIS_PREFIX must be set before the suite boots"
    )
  return { url, prefix }
}

/**
 * Medusa's Redis event bus queue as the local stack names it: a server only
 * adds jobs, a worker takes them and completes each one after its last
 * subscriber returned. An empty queue (nothing waiting, delayed or active)
 * is the moment every webhook received so far was dealt with, wherever the
 * worker runs.
 */
export function eventQueueTracker(): WebhookTracker & {
  pending(): Promise<number>
  /** Events whose subscribers failed on the worker: BullMQ keeps them. */
  failed(): Promise<number>
  close(): Promise<void>
} {
  const { url, prefix } = deploymentRedis()
  // BullMQ takes ioredis options, which have no url: a client made from it
  const connection = new Redis(url, { maxRetriesPerRequest: null })
  const queue = new Queue(`${prefix}-events`, { connection, prefix })
  let last = 0
  const pending = async () => {
    const counts = await queue.getJobCounts(
      "waiting",
      "active",
      "delayed",
      "prioritized",
      "paused"
    )
    last = Object.values(counts).reduce((sum, n) => sum + n, 0)
    return last
  }
  return {
    inFlight: () => last,
    /** Events not handled yet: waiting for a worker, delayed or running. */
    pending,
    async idle() {
      while ((await pending()) > 0) await pollAgain()
    },
    failed: () => queue.getFailedCount(),
    async close() {
      await queue.close()
      connection.disconnect()
    },
  }
}

/** Removes every key of this run's prefix (or the one named): queues, repeatable jobs, cache and locks. */
export async function clearDeploymentRedis(
  { url, prefix } = deploymentRedis()
): Promise<void> {
  const redis = new Redis(url)
  try {
    let cursor = "0"
    do {
      const [next, keys] = await redis.scan(
        cursor,
        "MATCH",
        `${prefix}*`,
        "COUNT",
        500
      )
      if (keys.length) await redis.del(...keys)
      cursor = next
    } while (cursor !== "0")
  } finally {
    redis.disconnect()
  }
}
