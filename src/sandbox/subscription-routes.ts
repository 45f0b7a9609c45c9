/**
 * The control surface's subscriptions (wire contract DECISION,
 * "Subscription deductions"): what the service does on a subscription's
 * calendar, at once, for tests. Make its next deduction, approved or
 * declined; read it with every try.
 */
import express from "express"
import type { SandboxContext } from "./context"
import { notFound, refuse } from "./control-replies"
import {
  DEDUCTION_OUTCOMES,
  DeductionRefusal,
  findSubscription,
  MAX_AFTER_DAYS,
  makeDeduction,
  subscriptionView,
  type DeductionOutcome,
} from "./subscription-deductions"

export function subscriptionRoutes(ctx: SandboxContext): express.Router {
  const router = express.Router()

  router.get("/subscriptions/:recurring_id", (req, res) => {
    const found = findSubscription(ctx, req.params.recurring_id)
    if (!found) return notFound(res, "subscription", req.params.recurring_id)
    res.json({ subscription: subscriptionView(ctx, found) })
  })

  // body {outcome?, after_days?}: approved (default), declined (E0008) or lapsed (the stored card, E0011); dated after_days later
  router.post("/subscriptions/:recurring_id/deductions", (req, res) => {
    const found = findSubscription(ctx, req.params.recurring_id)
    if (!found) return notFound(res, "subscription", req.params.recurring_id)
    const outcome: unknown = req.body?.outcome ?? "approved"
    if (!DEDUCTION_OUTCOMES.includes(outcome as DeductionOutcome))
      return refuse(
        res,
        "outcome",
        `must be one of ${DEDUCTION_OUTCOMES.join(", ")}`
      )
    const afterDays: unknown = req.body?.after_days ?? 0
    if (
      typeof afterDays !== "number" ||
      !Number.isInteger(afterDays) ||
      afterDays < 0 ||
      afterDays > MAX_AFTER_DAYS
    )
      return refuse(
        res,
        "after_days",
        `must be a whole number of days from 0 to ${MAX_AFTER_DAYS}`
      )
    try {
      const { attempt } = makeDeduction(
        ctx,
        found,
        outcome as DeductionOutcome,
        afterDays
      )
      const view = subscriptionView(ctx, found)
      res.status(201).json({
        deduction: (view.deductions as { transaction_id: string }[]).find(
          (d) => d.transaction_id === attempt.transaction_id
        ),
        subscription: view,
      })
    } catch (error) {
      if (!(error instanceof DeductionRefusal)) throw error
      refuse(res, "recurring_id", error.message, 409)
    }
  })

  return router
}
