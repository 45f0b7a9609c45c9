/**
 * Door of src/order-changes on Medusa's routes that confirm an order change
 * (edit, exchange, claim, return): under the locks of the order's acquiring
 * payments, what the changed order owes is captured from the authorisation
 * Medusa would otherwise void, then Medusa's own handler confirms.
 */
import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  captureBeforeOrderChange,
  OrderChangeCaptureFailed,
} from "./capture-before-change"
import { orderOfOpenChange, type OrderChangeKind } from "./order-of-change"
import { underOrderPaymentLocks } from "../order-payments/payment-locks"

export function keepAuthorizationOn(kind: OrderChangeKind) {
  return async (
    req: MedusaRequest,
    res: MedusaResponse,
    next: MedusaNextFunction
  ) => {
    let orderId: string | null
    try {
      orderId = await orderOfOpenChange(req.scope, kind, req.params.id)
    } catch (error) {
      next(error)
      return
    }
    // nothing open to confirm: Medusa answers, and moves no money
    if (!orderId) return next()
    const order = orderId
    const captureThenConfirm = (error?: unknown) => {
      if (error) return next(error)
      captureBeforeOrderChange(req.scope, order).then(
        () => next(),
        (failure: unknown) => {
          if (!(failure instanceof OrderChangeCaptureFailed))
            return next(failure)
          res.status(409).json({ type: "conflict", message: failure.message })
        }
      )
    }
    return underOrderPaymentLocks(req, res, captureThenConfirm, order)
  }
}
