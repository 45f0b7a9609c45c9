/**
 * A place an attempt takes in a counter before its answer comes, and gives
 * back when it turns out not to count. Taking is one atomic increment, so
 * parallel attempts (on one instance or many sharing Redis) cannot overrun
 * a limit; giving back touches only the window the place was taken in, so
 * a late answer never frees a place in a later window.
 */
import { RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible"
import { KEY_SCOPES, KeyScope } from "./key-scopes"
import type { WindowLimit } from "./options"

/** A counter of events in fixed windows of its limit. */
export type Counter = { limit: WindowLimit; limiter: RateLimiterAbstract }

/**
 * One place taken in a counter's current window. The window is named by
 * when it ends (the key's expiry): a later window of the same key ends at
 * least a whole window later, so a place is never given back to a window it
 * was not taken in.
 */
export type Slot = {
  limiter: RateLimiterAbstract
  key: string
  window_end: number
  window_ms: number
}

/** What a consume answered: a place taken (with the count it made), or a refusal. */
export type Taken =
  { slot: Slot; consumed: number } | { refused: RateLimiterRes }

/** Takes one place in the counter's current window (atomically); a refusal takes none. */
export async function take(
  counter: Counter | undefined,
  id: string | undefined
): Promise<Taken | undefined> {
  if (!counter || !id) return undefined
  const window_ms = counter.limit.window_s * 1000
  try {
    const res = await counter.limiter.consume(id)
    return {
      slot: slotOf(counter.limiter, id, res, window_ms),
      consumed: res.consumedPoints,
    }
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection
    // A refused consume still counted its point: hand it straight back.
    await giveBack(slotOf(counter.limiter, id, rejection, window_ms))
    return { refused: rejection }
  }
}

/** Waits for every take; the places taken join `held` even when another take failed. */
export async function takeAll(
  takes: Promise<Taken | undefined>[],
  held: Slot[]
): Promise<Record<KeyScope, Taken | undefined>> {
  const settled = await Promise.allSettled(takes)
  const results = {} as Record<KeyScope, Taken | undefined>
  let failure: { reason: unknown } | undefined
  settled.forEach((outcome, index) => {
    if (outcome.status === "rejected") {
      failure ??= { reason: outcome.reason }
      return
    }
    results[KEY_SCOPES[index]] = outcome.value
    if (outcome.value && "slot" in outcome.value) held.push(outcome.value.slot)
  })
  if (failure) throw failure.reason
  return results
}

/**
 * Gives one place back to the window it was taken in. When that window
 * has ended the place ended with it, and a later window is left alone.
 */
export async function giveBack(slot: Slot): Promise<void> {
  const state = await slot.limiter.get(slot.key)
  if (!state || !sameWindow(state, slot)) return
  const res = await slot.limiter.reward(slot.key)
  // The window ended between the read and the reward, which then opened
  // a new one below zero: put the new window back at zero.
  if (res.consumedPoints < 0) {
    await slot.limiter.penalty(slot.key, -res.consumedPoints)
  }
}

export async function giveBackAll(slots: Slot[]): Promise<void> {
  await Promise.all(slots.map((slot) => giveBack(slot)))
}

export function slotOf(
  limiter: RateLimiterAbstract,
  key: string,
  res: RateLimiterRes,
  window_ms: number
): Slot {
  return { limiter, key, window_end: Date.now() + res.msBeforeNext, window_ms }
}

/** Whether the key's window now is the one the place was taken in (clocks read a few ms apart). */
function sameWindow(state: RateLimiterRes, slot: Slot): boolean {
  const tolerance = Math.min(1000, slot.window_ms / 2)
  return Math.abs(Date.now() + state.msBeforeNext - slot.window_end) < tolerance
}
