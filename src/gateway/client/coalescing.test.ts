import {
  InvalidInputError,
  SignatureMismatchError,
  TransportError,
} from "../errors"
import { DEFAULT_BATCH_LIMITS } from "../limits"
import type { BatchOutcome } from "./batch-operations"
import { createCoalescingClient, type BatchingClient } from "./coalescing"

type Entry = { transaction_id: string; amount: string; currency: string }

/**
 * A scripted client: each batch call is recorded and held until the test
 * releases it; an entry whose transaction id starts with "REFUSE" is refused
 * by the service, one starting with "BAD" is invalid input.
 */
function scriptedClient(limit = 3) {
  const calls: { operation: string; ids: string[] }[] = []
  const held: Array<() => void> = []
  let failNext: Error | undefined
  const batch =
    (operation: string) =>
    async (entries: readonly Entry[]): Promise<BatchOutcome<Entry>> => {
      if (entries.some((e) => e.transaction_id.startsWith("BAD")))
        throw new InvalidInputError(`${operation}_orders[0].amount`, "bad")
      calls.push({ operation, ids: entries.map((e) => e.transaction_id) })
      await new Promise<void>((release) => held.push(release))
      if (failNext) {
        const error = failNext
        failNext = undefined
        throw error
      }
      const results = entries.map((e) =>
        e.transaction_id.startsWith("REFUSE")
          ? {
              ...e,
              ok: false,
              error: { code: "E0009", text: `refused ${e.transaction_id}` },
            }
          : { ...e, ok: true }
      )
      return {
        entries: results,
        ok: results.every((r) => r.ok),
        requests: 1,
      }
    }
  const client = {
    limits: { ...DEFAULT_BATCH_LIMITS, capture: limit, refund: limit },
    capture: batch("capture"),
    cancel: batch("cancel"),
    review: batch("review"),
    refund: batch("refund"),
  } as unknown as BatchingClient
  return {
    client,
    calls,
    failNextWith: (error: Error) => void (failNext = error),
    /** lets every batch sent so far answer, then lets their callers run */
    async releaseAll() {
      while (held.length > 0) held.shift()!()
      await flush()
    },
  }
}

/** Settles without ever leaving a rejection unhandled while the test waits. */
const settled = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ value, error: undefined }),
    (error: unknown) => ({ value: undefined, error })
  )

const flush = () => new Promise((resolve) => setImmediate(resolve))
const entry = (transaction_id: string): Entry => ({
  transaction_id,
  amount: "10.00",
  currency: "USD",
})
const refundEntry = (transaction_id: string) => ({
  ...entry(transaction_id),
  refund_amount: "10.00",
})
const reviewEntry = (transaction_id: string) => ({
  ...entry(transaction_id),
  review_flag: "1",
})

describe("createCoalescingClient", () => {
  it("sends a lone call at once, in a batch of its own", async () => {
    const s = scriptedClient()
    const coalescing = createCoalescingClient(s.client)
    const outcome = coalescing.capture(entry("T1"))
    await flush()
    expect(s.calls).toEqual([{ operation: "capture", ids: ["T1"] }])
    await s.releaseAll()
    await expect(outcome).resolves.toMatchObject({
      transaction_id: "T1",
      ok: true,
    })
  })

  it("gathers calls made while a batch is in flight into the next one, split at the limit, in order", async () => {
    const s = scriptedClient(3)
    const coalescing = createCoalescingClient(s.client, { max_in_flight: 1 })
    const ids = ["T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8"]
    const outcomes = ids.map((id) => coalescing.capture(entry(id)))
    await flush()
    expect(s.calls.map((c) => c.ids)).toEqual([["T1"]])
    await s.releaseAll()
    expect(s.calls.map((c) => c.ids)).toEqual([["T1"], ["T2", "T3", "T4"]])
    await s.releaseAll()
    await s.releaseAll()
    await s.releaseAll()
    expect(s.calls.map((c) => c.ids)).toEqual([
      ["T1"],
      ["T2", "T3", "T4"],
      ["T5", "T6", "T7"],
      ["T8"],
    ])
    const settled = await Promise.all(outcomes)
    expect(settled.map((o) => o.transaction_id)).toEqual(ids)
  })

  it("sends full batches without waiting, up to max_in_flight at once", async () => {
    const s = scriptedClient(2)
    const coalescing = createCoalescingClient(s.client, { max_in_flight: 3 })
    const outcomes = ["A", "B", "C", "D", "E", "F", "G"].map((id) =>
      coalescing.refund(refundEntry(id))
    )
    await flush()
    // the lone first call, then two full batches; the rest waits for a free slot
    expect(s.calls.map((c) => c.ids)).toEqual([["A"], ["B", "C"], ["D", "E"]])
    await s.releaseAll()
    await s.releaseAll()
    await s.releaseAll()
    expect(s.calls.map((c) => c.ids).slice(3)).toEqual([["F", "G"]])
    await Promise.all(outcomes)
  })

  it("gives each caller its own entry's outcome", async () => {
    const s = scriptedClient(5)
    const coalescing = createCoalescingClient(s.client)
    const first = coalescing.capture(entry("T0"))
    const ok = coalescing.capture(entry("T1"))
    const refused = coalescing.capture(entry("REFUSE-2"))
    const alsoOk = coalescing.capture(entry("T3"))
    await s.releaseAll()
    await s.releaseAll()
    expect(s.calls.map((c) => c.ids)).toEqual([
      ["T0"],
      ["T1", "REFUSE-2", "T3"],
    ])
    await expect(first).resolves.toMatchObject({ ok: true })
    await expect(ok).resolves.toMatchObject({ transaction_id: "T1", ok: true })
    await expect(refused).resolves.toMatchObject({
      transaction_id: "REFUSE-2",
      ok: false,
      error: { code: "E0009", text: "refused REFUSE-2" },
    })
    await expect(alsoOk).resolves.toMatchObject({
      transaction_id: "T3",
      ok: true,
    })
  })

  it("rejects every caller of a failed batch with the same typed error, and only them", async () => {
    const s = scriptedClient(5)
    const coalescing = createCoalescingClient(s.client)
    const lone = coalescing.cancel(entry("T0"))
    const a = settled(coalescing.cancel(entry("T1")))
    const b = settled(coalescing.cancel(entry("T2")))
    await s.releaseAll()
    const failure = new TransportError("cancel", "no answer within 10 ms", {
      timed_out: true,
      may_have_reached_gateway: true,
    })
    s.failNextWith(failure)
    const later = coalescing.cancel(entry("T3"))
    await s.releaseAll()
    await expect(lone).resolves.toMatchObject({ ok: true })
    expect((await a).error).toBe(failure)
    expect((await b).error).toBe(failure)
    // a call that arrived after the failed batch left is not part of it
    await s.releaseAll()
    await expect(later).resolves.toMatchObject({ ok: true })
  })

  it("passes a signature mismatch to every caller of that batch", async () => {
    const s = scriptedClient(5)
    const coalescing = createCoalescingClient(s.client)
    s.failNextWith(new SignatureMismatchError("review"))
    const outcome = settled(coalescing.review(reviewEntry("T1")))
    await s.releaseAll()
    expect((await outcome).error).toBeInstanceOf(SignatureMismatchError)
  })

  it("fails only the caller whose entry is invalid", async () => {
    const s = scriptedClient(5)
    const coalescing = createCoalescingClient(s.client)
    const lone = coalescing.capture(entry("T0"))
    const good = coalescing.capture(entry("T1"))
    const bad = settled(coalescing.capture(entry("BAD-2")))
    const alsoGood = coalescing.capture(entry("T3"))
    await s.releaseAll()
    await s.releaseAll()
    await expect(lone).resolves.toMatchObject({ ok: true })
    await expect(good).resolves.toMatchObject({ ok: true })
    await expect(alsoGood).resolves.toMatchObject({ ok: true })
    expect((await bad).error).toBeInstanceOf(InvalidInputError)
  })

  it("never puts two entries of one transaction in one batch, and sends the second after the first settled", async () => {
    // other transactions may still join the earlier batch
    const s = scriptedClient(5)
    const coalescing = createCoalescingClient(s.client, { max_in_flight: 4 })
    const lone = coalescing.capture(entry("T0"))
    const first = coalescing.capture(entry("T1"))
    const other = coalescing.capture(entry("T2"))
    const second = coalescing.capture(entry("T1"))
    const third = coalescing.capture(entry("T3"))
    await s.releaseAll()
    expect(s.calls.map((c) => c.ids)).toEqual([["T0"], ["T1", "T2", "T3"]])
    await s.releaseAll()
    expect(s.calls.map((c) => c.ids)).toEqual([
      ["T0"],
      ["T1", "T2", "T3"],
      ["T1"],
    ])
    await s.releaseAll()
    for (const outcome of [lone, first, other, second, third])
      await expect(outcome).resolves.toMatchObject({ ok: true })
  })

  it("keeps operations apart", async () => {
    const s = scriptedClient(5)
    const coalescing = createCoalescingClient(s.client)
    const outcomes = [
      coalescing.capture(entry("T1")),
      coalescing.refund(refundEntry("T1")),
      coalescing.capture(entry("T2")),
      coalescing.refund(refundEntry("T2")),
    ]
    await s.releaseAll()
    await s.releaseAll()
    expect(s.calls).toEqual([
      { operation: "capture", ids: ["T1"] },
      { operation: "refund", ids: ["T1"] },
      { operation: "capture", ids: ["T2"] },
      { operation: "refund", ids: ["T2"] },
    ])
    await Promise.all(outcomes)
  })

  it("waits up to wait_ms for companions before a lone batch leaves", async () => {
    jest.useFakeTimers()
    try {
      const s = scriptedClient(5)
      const coalescing = createCoalescingClient(s.client, { wait_ms: 20 })
      const a = coalescing.capture(entry("T1"))
      jest.advanceTimersByTime(10)
      const b = coalescing.capture(entry("T2"))
      expect(s.calls).toEqual([])
      jest.advanceTimersByTime(10)
      expect(s.calls.map((c) => c.ids)).toEqual([["T1", "T2"]])
      jest.useRealTimers()
      await s.releaseAll()
      await Promise.all([a, b])
    } finally {
      jest.useRealTimers()
    }
  })

  it("refuses a wait window beyond its bound", () => {
    const s = scriptedClient()
    expect(() => createCoalescingClient(s.client, { wait_ms: 5000 })).toThrow(
      InvalidInputError
    )
  })
})
