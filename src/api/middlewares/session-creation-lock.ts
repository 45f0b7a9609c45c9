/**
 * Middleware on POST /store/payment-collections/:id/payment-sessions.
 * Medusa's session-creation workflow deletes the collection's other sessions
 * first; two requests at once on one collection both try to delete the same
 * session, and the one that finds it gone fails with "Could not delete all
 * payment sessions" (a 500). A double-clicked Pay button sends exactly that.
 * Requests on one collection therefore run one after the other, under a
 * lock of Medusa's locking module, which every instance honours when the
 * store configures a shared provider (Redis).
 */
import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { lockingModule } from "../../locking/locks"

/** How long a request waits for the one before it; a creation takes well under a second. */
const WAIT_SECONDS = 10
/** Longest a request holds the lock, should its answer never be seen to close. */
const HOLD_MS = 60_000

export function lockSessionCreation(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  const locking = lockingModule(req.scope)
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
  locking
    .execute(`acquiring:payment-collection:${req.params.id}`, untilAnswered, {
      timeout: WAIT_SECONDS,
    })
    .catch((error: unknown) => {
      if (admitted || closed || res.headersSent) return
      if (!(error instanceof Error) || !/lock/i.test(error.message)) {
        next(error)
        return
      }
      res.setHeader("Retry-After", "1")
      res.status(409).json({
        type: "conflict",
        message: `Another payment session is being created for payment collection ${req.params.id}; try again`,
      })
    })
}
