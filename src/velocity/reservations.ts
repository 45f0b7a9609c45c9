/**
 * The places this process's allowed attempts still hold, so that `record`
 * knows which to keep or give back. Only which places lives here (the
 * counts live in the counter backend): a reservation whose `record` never
 * comes simply ends with its windows, and the sweep then forgets it.
 */
import type { KeyIds } from "./key-scopes"
import type { Slot } from "./slots"

/** How often reservations whose windows all ended are dropped from memory. */
const SWEEP_EVERY_MS = 60_000

/** The places an allowed attempt holds until its outcome is recorded. */
export type Reservation = {
  /** per session, IP and key: kept by a decline, given back otherwise */
  declines: Slot[]
  /** the breaker's count of attempts in flight, in the bucket of `bucket` */
  breaker?: { bucket: string; pending: Slot }
  /** when every window a place was taken in has ended */
  expires_at: number
}

/** The places an allowed attempt holds, remembered until their last window ends. */
export function reservationOf(
  declines: Slot[],
  breaker: Reservation["breaker"]
): Reservation {
  return {
    declines,
    breaker,
    expires_at: Math.max(
      Date.now(),
      ...[...declines, ...(breaker ? [breaker.pending] : [])].map(
        (slot) => slot.window_end
      )
    ),
  }
}

export class Reservations {
  /** Unsettled reservations, oldest first, by the keys they were made for. */
  private readonly waiting = new Map<string, Reservation[]>()
  private lastSweep = Date.now()

  keep(ids: KeyIds, reservation: Reservation) {
    const key = keyOf(ids)
    const waiting = this.waiting.get(key)
    if (waiting) waiting.push(reservation)
    else this.waiting.set(key, [reservation])
  }

  /** The oldest unsettled reservation of these keys, taken off the list. */
  settle(ids: KeyIds): Reservation | undefined {
    const key = keyOf(ids)
    const waiting = this.waiting.get(key)
    const oldest = waiting?.shift()
    if (waiting && waiting.length === 0) this.waiting.delete(key)
    return oldest
  }

  /** Drops reservations whose windows all ended: nothing is left to give back. */
  sweep() {
    const now = Date.now()
    if (now - this.lastSweep < SWEEP_EVERY_MS) return
    this.lastSweep = now
    for (const [key, waiting] of this.waiting) {
      const live = waiting.filter((reservation) => reservation.expires_at > now)
      if (live.length) this.waiting.set(key, live)
      else this.waiting.delete(key)
    }
  }

  clear() {
    this.waiting.clear()
  }
}

function keyOf(ids: KeyIds): string {
  return [ids.session, ids.ip ?? "", ids.publishable_key ?? ""].join("|")
}
