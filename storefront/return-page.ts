/**
 * The storefront's return page: the plugin sends the shopper back (after
 * the hosted page or a 3-D Secure challenge) with `?status=&attempt=`. The
 * status in the address is a hint for what to show first; the session
 * read from the store is what counts before the cart is completed.
 */
import {
  readSession,
  type AcquiringSession,
  type SessionStatus,
} from "./session.js"
import type { StoreTransport } from "./transport.js"

const RETURN_STATUSES: readonly SessionStatus[] = [
  "authorized",
  "captured",
  "pending",
  "requires_more",
  "error",
  "canceled",
]

export type ReturnedPayment = {
  /** "unknown" when the address carries no status the plugin sends. */
  status: SessionStatus | "unknown"
  /** The plugin's opaque attempt token, when present. */
  attempt?: string
}

/** Reads `?status=&attempt=` from the return page's address (`window.location` by default). */
export function readReturn(
  location: { search: string } | URL | string = window.location
): ReturnedPayment {
  const search =
    typeof location === "string"
      ? new URL(location, "http://return.invalid").search
      : location.search
  const params = new URLSearchParams(search)
  const raw = params.get("status") ?? ""
  const status = (RETURN_STATUSES as readonly string[]).includes(raw)
    ? (raw as SessionStatus)
    : "unknown"
  const attempt = params.get("attempt") ?? undefined
  return attempt ? { status, attempt } : { status }
}

export type WaitOptions = {
  /** Between reads; 1000 ms by default. */
  intervalMs?: number
  /** Gives up after this long and answers the last session read; 60 s by default. */
  timeoutMs?: number
  signal?: AbortSignal
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    signal?.addEventListener("abort", onAbort, { once: true })
  })
}

/**
 * Reads the session until the plugin has confirmed its outcome (status no
 * longer `pending`), then answers it. After `timeoutMs` the last read is
 * answered as it is (still `pending`): tell the shopper the payment is
 * being checked rather than completing the cart.
 */
export async function waitForConfirmation(
  store: StoreTransport,
  sessionId: string,
  options: WaitOptions = {}
): Promise<AcquiringSession> {
  const interval = options.intervalMs ?? 1000
  const deadline = Date.now() + (options.timeoutMs ?? 60_000)
  for (;;) {
    const session = await readSession(store, sessionId)
    if (session.status !== "pending" && !session.data.confirming) return session
    if (Date.now() + interval > deadline) return session
    await sleep(interval, options.signal)
  }
}
