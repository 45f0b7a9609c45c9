/**
 * The storefront's return page: the plugin sends the shopper back (after
 * the hosted page or a 3-D Secure challenge) with `?status=&attempt=`. The
 * status in the address is a hint for what to show first; what the store
 * answers for the attempt is what counts before the cart is completed.
 *
 * The way back starts on another site, so the storefront's cookies may not
 * come with it (a `SameSite=Strict` cart cookie, a customer's token): the
 * attempt token alone finds the payment, its cart and its order.
 */
import { errorFromAnswer } from "./request-error.js"
import {
  readSession,
  toSession,
  type AcquiringSession,
  type SessionStatus,
} from "./session.js"
import type { StoreTransport } from "./transport.js"

const RETURN_STATUSES: readonly SessionStatus[] = [
  "authorized",
  "captured",
  "pending",
  "requires_more",
  "pending_authorization",
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

/** What the store answers for an attempt: the session as the storefront sees it, its cart, and the order once there is one. */
export type PaymentReturn = {
  attempt: string
  cart_id: string
  /**
   * The order made from the cart (by the return page or by the acquirer's
   * notification) once its completion has ended, else null. Once set, forget `cart_id` where the
   * storefront keeps the shopper's cart, as after completing it.
   */
  order_id: string | null
  payment_session: AcquiringSession
}

/** GET /store/acquiring/returns/:attempt: needs the publishable key only, no cookie. */
export async function readPaymentReturn(
  store: StoreTransport,
  attempt: string
): Promise<PaymentReturn> {
  const answer = await store(
    "GET",
    `/store/acquiring/returns/${encodeURIComponent(attempt)}`
  )
  if (answer.status !== 200) throw errorFromAnswer(answer)
  const found = answer.body.payment_return
  return {
    attempt: String(found.attempt),
    cart_id: String(found.cart_id),
    order_id: found.order_id ? String(found.order_id) : null,
    payment_session: toSession(found.payment_session),
  }
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

async function poll<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  options: WaitOptions
): Promise<T> {
  const interval = options.intervalMs ?? 1000
  const deadline = Date.now() + (options.timeoutMs ?? 60_000)
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() + interval > deadline) return value
    await sleep(interval, options.signal)
  }
}

/**
 * Reads the payment until the plugin has confirmed its outcome (status no
 * longer `pending`), then answers it. `pending_authorization` (a bank
 * transfer the acquirer awaits, which may take days) is such an outcome:
 * the wait stops there and `returnOutcome` calls it `awaiting_transfer`.
 * After `timeoutMs` the last read is
 * answered as it is (still `pending`): tell the shopper the payment is
 * being checked rather than completing the cart.
 *
 * Given the return page's `readReturn()`, it reads by the attempt token and
 * answers a `PaymentReturn` (cart and order included), whatever the
 * storefront's cookies; given a session id, it reads the session, which
 * needs the cart's customer signed in.
 */
export function waitForConfirmation(
  store: StoreTransport,
  returned: ReturnedPayment & { attempt: string },
  options?: WaitOptions
): Promise<PaymentReturn>
export function waitForConfirmation(
  store: StoreTransport,
  sessionId: string,
  options?: WaitOptions
): Promise<AcquiringSession>
export function waitForConfirmation(
  store: StoreTransport,
  target: string | (ReturnedPayment & { attempt: string }),
  options: WaitOptions = {}
): Promise<PaymentReturn | AcquiringSession> {
  if (typeof target === "string")
    return poll(() => readSession(store, target), settled, options)
  return poll(
    () => readPaymentReturn(store, target.attempt),
    (found) => settled(found.payment_session),
    options
  )
}

function settled(session: AcquiringSession): boolean {
  return session.status !== "pending" && !session.data.confirming
}

export type FollowOptions = {
  /** The first wait between reads, 5 s by default; each wait doubles, up to `maxIntervalMs` (30 s). */
  intervalMs?: number
  maxIntervalMs?: number
  /** Stops following (the page went away): the promise rejects with its reason. */
  signal?: AbortSignal
}

/** Resolves at once on a visible page (or outside a browser), else when the page is shown again. */
function whileHidden(signal?: AbortSignal): Promise<void> {
  if (typeof document === "undefined" || !document.hidden)
    return Promise.resolve()
  return new Promise((resolve, reject) => {
    const done = () => {
      document.removeEventListener("visibilitychange", shown)
      signal?.removeEventListener("abort", stop)
    }
    const shown = () => {
      if (document.hidden) return
      done()
      resolve()
    }
    const stop = () => {
      done()
      reject(signal?.reason)
    }
    document.addEventListener("visibilitychange", shown)
    signal?.addEventListener("abort", stop, { once: true })
  })
}

/**
 * Follows an awaited bank transfer (`awaiting_transfer`) on the page that
 * waits for it, with no reload, until it ends: answers the payment once its
 * money arrived (`returnOutcome` then says `paid`), it lapsed or it was
 * voided with its order (`transfer_lapsed`, `transfer_voided`). A transfer
 * takes days: the reads grow sparse, pause while the tab is hidden (one
 * read as soon as it is shown again), and a failed read is tried again at
 * the next one. Stop it with `signal` when the page goes.
 */
export async function followTransfer(
  store: StoreTransport,
  attempt: string,
  options: FollowOptions = {}
): Promise<PaymentReturn> {
  let wait = options.intervalMs ?? 5000
  for (;;) {
    const found = await readPaymentReturn(store, attempt).catch(() => null)
    if (found && found.payment_session.status !== "pending_authorization")
      return found
    await sleep(wait, options.signal)
    await whileHidden(options.signal)
    wait = Math.min(wait * 2, options.maxIntervalMs ?? 30_000)
  }
}

/**
 * What the return page does with the confirmed payment, one word each:
 * - `paid`: authorized or captured; complete the cart (unless `order_id` is set).
 * - `awaiting_transfer`: a bank transfer the acquirer awaits
 *   (`pending_authorization`); complete the cart all the same (Medusa makes
 *   the order without a payment) and tell the shopper the order waits for
 *   the transfer's money, neither paid nor failed. The payment is recorded
 *   on the order when the money arrives; the order is cancelled when it
 *   never does.
 * - `being_checked`: still `pending` when the wait ended; do not complete the cart.
 * - `failed`: refused or not finished; the cart is kept and may be paid again.
 * - `canceled`: the shopper left the hosted page; the cart is kept.
 * - `transfer_lapsed`: the bank transfer's money never came (by
 *   `data.transfer.awaited_until`); its order, if made, is cancelled and
 *   nothing was charged. Never "placed", never "paid".
 * - `transfer_voided`: the transfer's order was cancelled while the money
 *   was awaited; the transfer is voided, money sent for it is returned.
 */
export type ReturnOutcome =
  | "paid"
  | "awaiting_transfer"
  | "being_checked"
  | "failed"
  | "canceled"
  | "transfer_lapsed"
  | "transfer_voided"

export function returnOutcome(
  session: Pick<AcquiringSession, "status" | "data">
): ReturnOutcome {
  const transfer = session.data.transfer?.state
  if (transfer === "lapsed" || transfer === "voided")
    return `transfer_${transfer}`
  switch (session.status) {
    case "authorized":
    case "captured":
      return "paid"
    case "pending_authorization":
      return "awaiting_transfer"
    case "pending":
      return "being_checked"
    case "canceled":
      return "canceled"
    default:
      return "failed"
  }
}
