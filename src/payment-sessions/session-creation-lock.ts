/**
 * Middleware on POST /store/payment-collections/:id/payment-sessions.
 * Medusa's session-creation workflow deletes the collection's other sessions
 * first; two requests at once on one collection both try to delete the same
 * session, and the one that finds it gone fails with "Could not delete all
 * payment sessions" (a 500). A double-clicked Pay button sends exactly that.
 * Requests on one collection therefore run one after the other.
 */
import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { runUnderRequestLock } from "../locking/request-lock"
import { paymentCollectionLockKey } from "../locking/locks"

/** How long a request waits for the one before it; a creation takes well under a second. */
const WAIT_SECONDS = 10

export function lockSessionCreation(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  runUnderRequestLock(req, res, next, {
    keys: [paymentCollectionLockKey(req.params.id)],
    waitSeconds: WAIT_SECONDS,
    busyMessage: `Another payment session is being created for payment collection ${req.params.id}; try again`,
  })
}
