/**
 * The control surface's chargebacks (wire contract DECISION, "Chargebacks"):
 * what the card holder's bank does, for tests. Open one against a captured
 * payment, win or lose it, list them. Each step is a CHARGEBACK notification.
 */
import express, { type Response } from "express"
import {
  allChargebacks,
  ChargebackRefusal,
  chargebackView,
  decideChargeback,
  findChargeback,
  notifyChargeback,
  openChargeback,
  type ChargebackOpening,
} from "./chargebacks"
import type { SandboxContext } from "./context"
import { notFound, queryText, refuse } from "./control-replies"
import type { Transaction } from "./transactions"

export function chargebackRoutes(ctx: SandboxContext): express.Router {
  const router = express.Router()

  // body {amount?, reason?, respond_by_days?}: by default everything still chargeable, 4837, 10 days
  router.post("/transactions/:transaction_id/chargebacks", (req, res) => {
    const tx = ctx.store.findAnywhere(req.params.transaction_id)
    if (!tx) return notFound(res, "transaction", req.params.transaction_id)
    const opening = (req.body ?? {}) as ChargebackOpening
    refusing(res, () => {
      const chargeback = openChargeback(ctx, tx, opening)
      res.status(201).json({ chargeback: chargebackView({ tx, chargeback }) })
    })
  })

  router.get("/chargebacks", (req, res) => {
    const id = queryText(req.query.transaction_id)
    if (id !== undefined && !ctx.store.findAnywhere(id))
      return notFound(res, "transaction", id)
    res.json({
      chargebacks: allChargebacks(ctx.store)
        .filter(({ tx }) => id === undefined || tx.transaction_id === id)
        .map(chargebackView),
    })
  })

  router.get("/chargebacks/:reference", (req, res) => {
    const found = findChargeback(ctx.store, req.params.reference)
    if (!found) return notFound(res, "chargeback", req.params.reference)
    res.json({ chargeback: chargebackView(found) })
  })

  for (const [action, outcome] of [
    ["win", "WON"],
    ["lose", "LOST"],
  ] as const) {
    router.post(`/chargebacks/:reference/${action}`, (req, res) => {
      const found = findChargeback(ctx.store, req.params.reference)
      if (!found) return notFound(res, "chargeback", req.params.reference)
      refusing(res, () => {
        decideChargeback(ctx, found, outcome)
        res.json({ chargeback: chargebackView(found) })
      })
    })
  }

  return router
}

/**
 * `POST /transactions/:id/notify` with notify_type CHARGEBACK: a fresh
 * notification of the chargeback the body names (chargeback_reference),
 * else of the transaction's latest one.
 */
export function renotifyChargeback(
  ctx: SandboxContext,
  tx: Transaction,
  reference: unknown,
  res: Response
): void {
  const chargeback =
    reference === undefined
      ? tx.chargebacks.at(-1)
      : tx.chargebacks.find((c) => c.chargeback_reference === reference)
  if (!chargeback) {
    return reference === undefined
      ? refuse(res, "transaction_id", "the transaction has no chargeback", 409)
      : notFound(
          res,
          "chargeback",
          `${String(reference)} of ${tx.transaction_id}`
        )
  }
  res.status(201).json({ notification: notifyChargeback(ctx, tx, chargeback) })
}

/** Runs the route's work, answering a ChargebackRefusal with its field and status. */
function refusing(res: Response, work: () => void): void {
  try {
    work()
  } catch (error) {
    if (!(error instanceof ChargebackRefusal)) throw error
    refuse(res, error.field, error.message, error.status)
  }
}
