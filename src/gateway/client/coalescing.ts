/**
 * Group commit for capture, cancel, review and refund: each caller hands in
 * ONE entry and gets that entry's outcome, while the entries of concurrent
 * callers share batch requests.
 *
 * - A lone call goes out at once (or after `wait_ms`, default 0).
 * - Calls arriving while a batch of the same operation is in flight join the
 *   next batch, which leaves when nothing of that operation is in flight any
 *   more, or as soon as it is full (the per-operation limit).
 * - Two entries naming the same transaction never share a batch, and the
 *   later one leaves only after the batch holding the earlier one settled:
 *   the service sees them as two requests, in the callers' order.
 * - A batch-level failure (transport, signature, message-level refusal,
 *   unexpected answer) rejects every caller of that batch with the same
 *   typed error, so each settles its own entry as outcome unknown.
 * - Invalid input is found before anything is sent; then each entry of that
 *   batch is sent on its own, so one caller's bad entry fails only that caller.
 */
import { InvalidInputError } from "../errors"
import { resolveBatchLimits, type BatchLimits } from "../limits"
import type { CancelEntry, CancelEntryResult } from "../schemas/cancel"
import type { CaptureEntry, CaptureEntryResult } from "../schemas/capture"
import type { RefundEntry, RefundEntryResult } from "../schemas/refund"
import type { ReviewEntry, ReviewEntryResult } from "../schemas/review"
import type { AcquiringClient } from "./acquiring-client"
import type { BatchEntryOutcome, BatchOutcome } from "./batch-operations"

export type CoalescedOperation = "capture" | "cancel" | "review" | "refund"

export interface CoalescingOptions {
  /** How long a batch that could leave waits for companions, in ms: 0 (default) to 1,000. */
  wait_ms?: number
  /** Batches of one operation in flight at once; default 4. */
  max_in_flight?: number
}

export interface CoalescingClient {
  capture(entry: CaptureEntry): Promise<BatchEntryOutcome<CaptureEntryResult>>
  cancel(entry: CancelEntry): Promise<BatchEntryOutcome<CancelEntryResult>>
  review(entry: ReviewEntry): Promise<BatchEntryOutcome<ReviewEntryResult>>
  refund(entry: RefundEntry): Promise<BatchEntryOutcome<RefundEntryResult>>
}

/** The part of the client the batcher drives; `limits` defaults to the service's. */
export type BatchingClient = Pick<AcquiringClient, CoalescedOperation> & {
  readonly limits?: BatchLimits
}

interface Waiter {
  entry: { transaction_id: string }
  resolve: (outcome: BatchEntryOutcome<Record<string, unknown>>) => void
  reject: (error: unknown) => void
}

interface Pending {
  waiters: Waiter[]
  ids: Set<string>
  /** when the wait window of this batch ends */
  ready_at: number
}

type SendBatch = (
  entries: { transaction_id: string }[]
) => Promise<BatchOutcome<Record<string, unknown>>>

export function createCoalescingClient(
  client: BatchingClient,
  options: CoalescingOptions = {}
): CoalescingClient {
  const wait_ms = bounded(options.wait_ms, "wait_ms", 0, 0, 1000)
  const max_in_flight = bounded(
    options.max_in_flight,
    "max_in_flight",
    4,
    1,
    1000
  )
  const limits = client.limits ?? resolveBatchLimits()
  const queue = (operation: CoalescedOperation) =>
    createQueue(
      (entries) =>
        (client[operation] as unknown as SendBatch).call(client, entries),
      limits[operation],
      wait_ms,
      max_in_flight
    )
  const queues = {
    capture: queue("capture"),
    cancel: queue("cancel"),
    review: queue("review"),
    refund: queue("refund"),
  }
  return Object.freeze({
    capture: (entry: CaptureEntry) =>
      queues.capture(entry) as Promise<BatchEntryOutcome<CaptureEntryResult>>,
    cancel: (entry: CancelEntry) =>
      queues.cancel(entry) as Promise<BatchEntryOutcome<CancelEntryResult>>,
    review: (entry: ReviewEntry) =>
      queues.review(entry) as Promise<BatchEntryOutcome<ReviewEntryResult>>,
    refund: (entry: RefundEntry) =>
      queues.refund(entry) as Promise<BatchEntryOutcome<RefundEntryResult>>,
  })
}

function createQueue(
  send: SendBatch,
  limit: number,
  wait_ms: number,
  max_in_flight: number
) {
  const pending: Pending[] = []
  /** transaction ids of the batches in flight, with how many entries name each */
  const inFlightIds = new Map<string, number>()
  let inFlight = 0
  let timer: NodeJS.Timeout | undefined

  function pump(): void {
    const now = Date.now()
    // strictly in order: a batch that must wait holds back the ones after it
    while (pending.length > 0 && inFlight < max_in_flight) {
      const next = pending[0]
      const full = next.waiters.length >= limit
      if ([...next.ids].some((id) => inFlightIds.has(id))) return
      if (!full && inFlight > 0) return
      if (!full && now < next.ready_at) {
        if (!timer) {
          timer = setTimeout(() => {
            timer = undefined
            pump()
          }, next.ready_at - now)
        }
        return
      }
      pending.shift()
      dispatch(next)
    }
  }

  function dispatch(batch: Pending): void {
    inFlight += 1
    for (const id of batch.ids)
      inFlightIds.set(id, (inFlightIds.get(id) ?? 0) + 1)
    void run(batch.waiters).finally(() => {
      inFlight -= 1
      for (const id of batch.ids) {
        const left = (inFlightIds.get(id) ?? 1) - 1
        if (left === 0) inFlightIds.delete(id)
        else inFlightIds.set(id, left)
      }
      pump()
    })
  }

  async function run(waiters: Waiter[]): Promise<void> {
    let outcome: BatchOutcome<Record<string, unknown>>
    try {
      outcome = await send(waiters.map((w) => w.entry))
    } catch (error) {
      // nothing was sent: find the bad entries by sending each on its own
      if (error instanceof InvalidInputError && waiters.length > 1) {
        await Promise.all(waiters.map((waiter) => run([waiter])))
        return
      }
      for (const waiter of waiters) waiter.reject(error)
      return
    }
    waiters.forEach((waiter, index) => waiter.resolve(outcome.entries[index]))
  }

  return (entry: { transaction_id: string }) =>
    new Promise<BatchEntryOutcome<Record<string, unknown>>>(
      (resolve, reject) => {
        const id = String(entry?.transaction_id ?? "")
        let batch = pending.find(
          (p) => p.waiters.length < limit && !p.ids.has(id)
        )
        // joining a batch behind a later one would reorder two entries of one transaction
        if (batch && pending.indexOf(batch) < lastIndexHolding(pending, id))
          batch = undefined
        if (!batch) {
          batch = {
            waiters: [],
            ids: new Set(),
            ready_at: Date.now() + wait_ms,
          }
          pending.push(batch)
        }
        batch.waiters.push({ entry, resolve, reject })
        batch.ids.add(id)
        pump()
      }
    )
}

function lastIndexHolding(pending: Pending[], id: string): number {
  for (let i = pending.length - 1; i >= 0; i--)
    if (pending[i].ids.has(id)) return i
  return -1
}

function bounded(
  value: number | undefined,
  field: string,
  fallback: number,
  min: number,
  max: number
): number {
  if (value === undefined) return fallback
  if (!Number.isInteger(value) || value < min || value > max)
    throw new InvalidInputError(
      field,
      `must be a whole number from ${min} to ${max}`
    )
  return value
}
