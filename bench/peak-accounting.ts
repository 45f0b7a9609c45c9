/**
 * What a peak run left behind, read once the waves are over: every
 * approval with its order, the hosted payments' notification-to-order
 * time, and where a notification spent its time on the worker's queue.
 */
import { Queue } from "bullmq"
import Redis from "ioredis"
import { percentile } from "./peak-report"

/** Milliseconds as seconds; null (no samples) stays null. */
const secondsOf = (ms: number | null) => (ms === null ? null : ms / 1000)

/** Times in milliseconds as seconds, median and p99. */
const seconds = (ms: number[]) => ({
  median: secondsOf(percentile(ms, 0.5)),
  p99: secondsOf(percentile(ms, 0.99)),
})

/** The store's database, as Medusa's PG_CONNECTION (knex) answers raw SQL. */
export type Pg = {
  raw(sql: string, values?: unknown[]): Promise<{ rows: any[] }>
}

/**
 * What the run left behind, once the worker has handled every order's
 * event: payments approved without an order (none allowed), the hosted
 * payments' time from the acquirer's notification to the order, the card
 * payments' approval-to-order time, lock time-outs.
 */
export async function accounting(
  pg: Pg,
  sandboxUrl: string,
  hostedPaid: string[],
  workerQueue: (
    hostedSent: Map<string, number>
  ) => ReturnType<typeof workerQueueCounts>
) {
  const approved = `state in ('authorized', 'captured') and deleted_at is null`
  // bounded: what is still missing after two minutes is reported as unaccounted for
  const deadline = Date.now() + 120_000
  for (;;) {
    const { rows } = await pg.raw(
      `select count(*) filter (where ordered_at is null)::int as unordered,
         count(*) filter (where kind = 'checkout' and ordered_at is not null and id in (${hostedPaid.map(() => "?").join(", ") || "null"}))::int as hosted
       from acquiring_attempt_outcome where ${approved}`,
      hostedPaid
    )
    const settled =
      rows[0].unordered === 0 && rows[0].hosted === hostedPaid.length
    if (settled || Date.now() > deadline) break
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  const outcomes = (
    await pg.raw(
      `select id, kind, approved_at, ordered_at from acquiring_attempt_outcome where ${approved}`
    )
  ).rows as {
    id: string
    kind: string
    approved_at: Date | null
    ordered_at: Date | null
  }[]
  const { notifications } = (await (
    await fetch(`${sandboxUrl}/__sandbox/notifications`)
  ).json()) as {
    notifications: {
      fields: { order_no?: string }
      attempts: { at: string }[]
    }[]
  }
  const notified = new Map<string, number>()
  for (const n of notifications)
    if (n.fields.order_no && n.attempts[0] && !notified.has(n.fields.order_no))
      notified.set(n.fields.order_no, Date.parse(n.attempts[0].at))
  // deliveries of the hosted payments' notifications: more than one each means the acquirer sent again
  const hostedSet = new Set(hostedPaid)
  const hostedDeliveries = notifications
    .filter((n) => n.fields.order_no && hostedSet.has(n.fields.order_no))
    .reduce((sum, n) => sum + n.attempts.length, 0)
  const ordered = outcomes.filter((o) => o.ordered_at)
  const hostedLag = ordered.flatMap((o) =>
    o.kind === "checkout" && notified.has(o.id)
      ? [new Date(o.ordered_at!).getTime() - notified.get(o.id)!]
      : []
  )
  const cardLag = ordered.flatMap((o) =>
    o.kind === "authorise" && o.approved_at
      ? [new Date(o.ordered_at!).getTime() - new Date(o.approved_at).getTime()]
      : []
  )
  const timeouts = await pg.raw(
    `select count(*)::int as n from acquiring_payment_event where kind = 'lock_timeout'`
  )
  const orders = await pg.raw(
    `select count(*)::int as n from "order" where deleted_at is null`
  )
  const hostedOrdered = new Set(
    ordered.filter((o) => o.kind === "checkout").map((o) => o.id)
  )
  return {
    approved: outcomes.length,
    unordered: outcomes.length - ordered.length,
    hosted_paid: hostedPaid.length,
    hosted_without_order: hostedPaid.filter((n) => !hostedOrdered.has(n))
      .length,
    hosted_orders: hostedLag.length,
    notification_to_order_s: seconds(hostedLag),
    hosted_deliveries: hostedDeliveries,
    card_approval_to_order_s: seconds(cardLag),
    lock_timeouts: timeouts.rows[0].n,
    worker_queue: await workerQueue(
      new Map([...notified].filter(([orderNo]) => hostedSet.has(orderNo)))
    ),
    orders: orders.rows[0].n,
  }
}

/**
 * The notifications the worker took from the plugin's queue
 * (`notification_handling: "worker"`, under the prefix the local stack
 * gives it), those whose every try failed, and where a hosted payment's
 * notification spent its time: from the acquirer's sending to its being
 * queued (the server's door), waiting in the queue, and handled on the
 * worker (medians, seconds), and those still in the queue when the bench
 * looked; undefined in another mode.
 */
export async function workerQueueCounts(
  redisUrl: string,
  redisPrefix: string,
  sentAt: Map<string, number>
) {
  if (process.env.ACQUIRING_TEST_NOTIFICATION_HANDLING !== "worker") return
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null })
  const queue = new Queue("notifications", {
    connection,
    prefix: `${redisPrefix}-acquiring`,
  })
  try {
    const counts = await queue.getJobCounts(
      "completed",
      "failed",
      "active",
      "waiting",
      "prioritized",
      "delayed"
    )
    const door: number[] = []
    const waiting: number[] = []
    const handling: number[] = []
    const everyHandling: number[] = []
    const triedAgain: string[] = []
    for (const job of await queue.getJobs(["completed"])) {
      // a failed try leaves its stack; a cart being completed sends the job back without one
      if (job.stacktrace?.length) triedAgain.push(job.failedReason ?? "?")
      if (job.processedOn && job.finishedOn)
        everyHandling.push(job.finishedOn - job.processedOn)
      const sent = sentAt.get(String(job.data?.data?.order_no))
      if (sent === undefined || !job.processedOn || !job.finishedOn) continue
      door.push(job.timestamp - sent)
      waiting.push(job.processedOn - job.timestamp)
      handling.push(job.finishedOn - job.processedOn)
    }
    const median = (ms: number[]) => secondsOf(percentile(ms, 0.5))
    return {
      handled: counts.completed ?? 0,
      failed: counts.failed ?? 0,
      // a card payment's notification sent back while its cart is completed, or not yet taken, when the bench looked
      still_queued:
        (counts.active ?? 0) +
        (counts.waiting ?? 0) +
        (counts.prioritized ?? 0) +
        (counts.delayed ?? 0),
      door_s: median(door),
      waiting_s: median(waiting),
      handling_s: median(handling),
      tried_again: triedAgain.length,
      first_failure: triedAgain[0],
      every_handling_s: seconds(everyHandling),
    }
  } finally {
    await queue.close()
    connection.disconnect()
  }
}
