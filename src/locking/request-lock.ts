/**
 * Holds locks of Medusa's locking module from before a request's handler
 * runs until its answer is sent, so a whole Medusa workflow (not only the
 * plugin's part of it) runs one at a time per key, across instances.
 */
import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { lockingModule } from "./locks"

/** Longest a request holds its locks, should its answer never be seen to close. */
const HOLD_MS = 120_000

export interface RequestLock {
  /** the keys to hold; none: the request runs unlocked */
  keys: string[]
  /** how long the request waits for the one before it */
  waitSeconds: number
  /** the 409 answered when the wait runs out */
  busyMessage: string
}

/** Runs `next` under the locks; answers 409 with Retry-After when they stay taken. */
export function runUnderRequestLock(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction,
  lock: RequestLock
): void {
  if (!lock.keys.length) {
    next()
    return
  }
  // listened for at once: a caller who hangs up while waiting must not leave the lock held
  let closed = false
  const answered = new Promise<void>((resolve) => {
    const bound = setTimeout(resolve, HOLD_MS)
    bound.unref()
    res.once("close", () => {
      closed = true
      clearTimeout(bound)
      resolve()
    })
  })
  let admitted = false
  const untilAnswered = () => {
    admitted = true
    if (!closed) next()
    return answered
  }
  lockingModule(req.scope)
    .execute([...new Set(lock.keys)].sort(), untilAnswered, {
      timeout: lock.waitSeconds,
    })
    .catch((error: unknown) => {
      if (admitted || closed || res.headersSent) return
      if (!(error instanceof Error) || !/lock/i.test(error.message)) {
        next(error)
        return
      }
      res.setHeader("Retry-After", "1")
      res.status(409).json({ type: "conflict", message: lock.busyMessage })
    })
}
