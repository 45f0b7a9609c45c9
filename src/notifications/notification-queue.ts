/**
 * The plugin's own queue of verified notifications
 * (`notification_handling: "worker"`): the server that received one puts
 * it in Redis and answers the acquirer at once; a worker takes it within
 * milliseconds, several at a time (BullMQ), and runs the same handling as
 * prompt-handling.ts. On a sale day the servers are busy with shoppers and
 * Medusa's own queue holds a webhook 5 s, then behind every order's events
 * one at a time; this queue carries notifications only.
 *
 * A notification whose cart is being completed (the storefront's own
 * completion, for a card approved while the shopper waits) goes back to
 * the queue for a moment instead of taking a place: Medusa's workflow would
 * only wait for the cart's lock and then find the order made, while a
 * hosted-page shopper who closed the tab waits behind it for an order.
 * For the same reason a hosted-page payment's notification goes before a
 * card payment's.
 *
 * A notification is queued once: its job id is a digest of the raw body,
 * so a resend while it waits or after it was done adds nothing. A failed
 * handling is tried again with a growing pause, as the acquirer would have
 * resent it. What is kept in Redis is what Medusa's own queue would keep
 * (the acquirer's fields, the card masked), and only after verification.
 */
import { createHash } from "node:crypto"
import type {
  MedusaContainer,
  ProviderWebhookPayload,
} from "@medusajs/framework/types"
import { DelayedError, Queue, Worker, type Job } from "bullmq"
import Redis from "ioredis"
import type { NotificationQueueOptions } from "../accounts/options"
import { splitProviderId } from "../accounts/provider-entries"
import { LATE, settleWithin } from "../deadlines/settle-within"
import { handleNotificationNow } from "./prompt-handling"
import { cartBeingCompleted } from "../locking/locks"
import { sessionCartId } from "./session-cart"

const QUEUE_NAME = "notifications"

/** Tries of one notification: the first and five more over about a minute. */
const ATTEMPTS = 6
const FIRST_PAUSE_MS = 2_000

/** Pauses of a notification whose cart is being completed: 1, 2, 4, then 5 s, for up to a minute; then it waits for the lock. */
const FIRST_DEFERRAL_MS = 1_000
const LONGEST_DEFERRAL_MS = 5_000
const DEFERRING_FOR_MS = 60_000

/** What a job carries: the notification as the webhook route received it, headers aside (nothing reads them). */
export type QueuedNotification = {
  provider: string
  /** the payment session its order number names (verified at the door) */
  session_id: string
  /** its cart: the server's record of the session, or else asked by the worker once; and the times it went back to the queue while that cart was being completed */
  cart_id?: string
  deferrals?: number
  data: Record<string, unknown>
  /** the raw body, as UTF-8: what the signature was computed over */
  raw: string
}

export type QueueTarget = Pick<NotificationQueueOptions, "prefix"> & {
  redis_url: string
}

export function queuedNotification(
  input: ProviderWebhookPayload,
  session_id: string,
  /** the session's cart when the server knows it, so the worker need not look it up */
  cart_id?: string
): QueuedNotification {
  const raw: unknown = input.payload.rawData
  return {
    provider: input.provider,
    session_id,
    ...(cart_id ? { cart_id } : {}),
    data: input.payload.data ?? {},
    raw: Buffer.isBuffer(raw) ? raw.toString("utf8") : String(raw ?? ""),
  }
}

/** One job per notification however often it is sent: the same provider and raw body, the same id. */
export function notificationJobId(job: QueuedNotification): string {
  return createHash("sha256")
    .update(`${job.provider}\n${job.raw}`)
    .digest("hex")
}

export function webhookInput(job: QueuedNotification): ProviderWebhookPayload {
  return {
    provider: job.provider,
    payload: {
      data: job.data,
      rawData: Buffer.from(job.raw, "utf8"),
      headers: {},
    },
  }
}

/** A connection of this process's own; a worker's blocking wait must not give up after a few retries. */
function connection(url: string): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: null })
  clients.push(client)
  return client
}

const clients: Redis[] = []

const targetKey = (target: QueueTarget) =>
  `${target.redis_url}\n${target.prefix}`

/** This process's connections to each queue it sends to (a connection, not state another instance needs). */
const queues = new Map<string, Queue>()

/** Longest a server waits for Redis to take a notification before handing it to Medusa's route instead: well inside the acquirer's time-out. */
const QUEUEING_MS = 2_000

export async function queueNotification(
  target: QueueTarget,
  job: QueuedNotification,
  log: NotificationQueueLog = { warn: () => undefined }
): Promise<void> {
  const key = targetKey(target)
  let queue = queues.get(key)
  if (!queue) {
    queue = new Queue(QUEUE_NAME, {
      connection: connection(target.redis_url),
      prefix: target.prefix,
    })
    // an EventEmitter's error without a listener would end the process
    queue.on("error", onceAnOutage(queue, log))
    queues.set(key, queue)
  }
  // Redis down: the client waits for it to come back; the acquirer must not
  if ((await settleWithin(queued(queue, job), QUEUEING_MS)) === LATE)
    throw new Error(
      `the notification queue's Redis did not answer within ${QUEUEING_MS} ms`
    )
}

function queued(queue: Queue, job: QueuedNotification) {
  return queue.add("notification", job, {
    jobId: notificationJobId(job),
    priority: priorityOf(job),
    attempts: ATTEMPTS,
    backoff: { type: "exponential", delay: FIRST_PAUSE_MS },
    // done ones stay an hour, so a late resend is known; failed ones a week, for the operator
    removeOnComplete: { age: 3_600 },
    removeOnFail: { age: 7 * 86_400 },
  })
}

/** Tells the operator once per outage (a client retries every moment), again once Redis was back. */
function onceAnOutage(
  emitter: Queue | Worker,
  log: NotificationQueueLog
): (error: Error) => void {
  let told = false
  void emitter.client.then(
    (client) => client.on("ready", () => (told = false)),
    () => undefined
  )
  return (error) => {
    if (told) return
    told = true
    log.warn(`[acquiring] notification queue: ${error.message}`)
  }
}

/** Puts the job back in the queue for a while (throwing DelayedError) when its cart is being completed. */
async function deferWhileCompleting(
  job: Job<QueuedNotification>,
  token: string | undefined,
  container: MedusaContainer
): Promise<void> {
  if (Date.now() - job.timestamp >= DEFERRING_FOR_MS) return
  const cart_id =
    job.data.cart_id ?? (await sessionCartId(container, job.data.session_id))
  if (!cart_id || !(await cartBeingCompleted(container, cart_id))) return
  const deferrals = (job.data.deferrals ?? 0) + 1
  await job.updateData({ ...job.data, cart_id, deferrals })
  await job.moveToDelayed(
    Date.now() +
      Math.min(FIRST_DEFERRAL_MS * 2 ** (deferrals - 1), LONGEST_DEFERRAL_MS),
    token
  )
  // not a failure: BullMQ keeps the job for later and counts no try
  throw new DelayedError()
}

/**
 * Hosted-page payments' notifications first: their shopper has often left
 * the acquirer's page for good, and the notification is what makes the
 * order; a card payment's races the storefront's own completion of the
 * cart, which the shopper is waiting for.
 */
function priorityOf(job: QueuedNotification): number {
  return splitProviderId(job.provider)?.identifier === "acquiring-hosted"
    ? 1
    : 2
}

export type NotificationQueueLog = {
  warn(message: string): void
}

const workers = new Map<string, Worker>()

/** Starts taking notifications from the queue (once per queue and process); a worker's, or a shared instance's. */
export function startNotificationWorker(
  target: QueueTarget & Pick<NotificationQueueOptions, "concurrency">,
  container: MedusaContainer,
  log: NotificationQueueLog
): void {
  const key = targetKey(target)
  if (workers.has(key)) return
  const worker = new Worker<QueuedNotification>(
    QUEUE_NAME,
    async (job, token) => {
      await deferWhileCompleting(job, token, container)
      await handleNotificationNow(container, webhookInput(job.data))
    },
    {
      connection: connection(target.redis_url),
      prefix: target.prefix,
      concurrency: target.concurrency,
    }
  )
  worker.on("failed", (job, error) =>
    log.warn(
      `[acquiring] a queued notification failed (try ${job?.attemptsMade ?? "?"} of ${ATTEMPTS}): ${error.message}`
    )
  )
  // Redis unreachable: BullMQ reconnects by itself; the operator hears of it
  worker.on("error", onceAnOutage(worker, log))
  workers.set(key, worker)
}

/** Closes every queue and worker of this process: on shutdown, so nothing keeps it alive. */
export async function closeNotificationQueues(): Promise<void> {
  const closing = [...workers.values(), ...queues.values()]
  const connections = clients.splice(0)
  workers.clear()
  queues.clear()
  await Promise.all(closing.map((each) => each.close()))
  // a client still waiting for Redis would queue its QUIT for ever
  await Promise.all(
    connections.map((client) =>
      client.status === "ready"
        ? client.quit().catch(() => "")
        : client.disconnect()
    )
  )
}
