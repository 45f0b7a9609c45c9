/**
 * The control surface for tests, off the /v1 path: what the sandbox received
 * and sent, fault injection, reset, forcing pending things to an end,
 * lapsing stored cards, ageing a transaction past its authorisation's
 * lifetime, receiving or lapsing an awaited bank transfer, and opening,
 * winning or losing chargebacks (chargeback-routes.ts).
 */
import express from "express"
import { issuerUrl } from "./authorization"
import { ageTransaction, lapseIfDue, lapseTime } from "./authorization-lifetime"
import {
  lapseTransfer,
  receiveTransfer,
  transferLapseTime,
} from "./bank-transfers"
import { chargebackRoutes, renotifyChargeback } from "./chargeback-routes"
import { subscriptionRoutes } from "./subscription-routes"
import type { SandboxContext } from "./context"
import { notFound, queryText, refuse } from "./control-replies"
import type { FaultBook } from "./faults"
import { portalRoutes } from "./portal-routes"
import type { RequestLog } from "./request-log"
import { notifyOutcome, type NotifyType } from "./results"
import { resolveChallenge } from "./three-d-secure"
import {
  orderStatus,
  paymentStatus,
  refundableAmount,
  type Transaction,
} from "./transactions"

export interface ControlDeps {
  ctx: SandboxContext
  faults: FaultBook
  requests: RequestLog
  /** forgets every transaction, payout, request, notification and fault */
  reset: () => void
}

const NOTIFY_TYPES = new Set([
  "PAYMENT",
  "REVIEW",
  "CAPTURE",
  "CANCEL",
  "REFUND",
  "CHARGEBACK",
])

export function controlRoutes(deps: ControlDeps): express.Router {
  const { ctx, faults, requests } = deps
  const router = express.Router()
  router.use("/portal", portalRoutes(ctx))
  router.use(chargebackRoutes(ctx))
  router.use(subscriptionRoutes(ctx))

  router.get("/requests", (req, res) => {
    res.json({
      requests: requests.list({ operation: queryText(req.query.operation) }),
    })
  })

  router.get("/notifications", (req, res) => {
    const id = queryText(req.query.transaction_id)
    res.json({
      notifications: ctx.notifier
        .list()
        .filter((n) => !id || n.transaction_id === id),
    })
  })

  router.post("/notifications/lose", (req, res) => {
    const count = req.body?.count ?? 1
    if (!Number.isInteger(count) || count < 0 || count > 1000)
      return refuse(res, "count", "must be an integer from 0 to 1000")
    ctx.notifier.loseNext(count)
    res.json({ lose_next: count })
  })

  router.post("/notifications/:id/deliver", async (req, res, next) => {
    try {
      const record = ctx.notifier.find(req.params.id)
      if (!record) return notFound(res, "notification", req.params.id)
      const attempt = await ctx.notifier.deliverNow(record)
      res.json({ attempt, notification: record })
    } catch (error) {
      next(error)
    }
  })

  router.post("/transactions/:id/notify", (req, res) => {
    const tx = ctx.store.findAnywhere(req.params.id)
    if (!tx) return notFound(res, "transaction", req.params.id)
    const type = String(req.body?.notify_type ?? "PAYMENT")
    if (!NOTIFY_TYPES.has(type))
      return refuse(
        res,
        "notify_type",
        `must be one of ${[...NOTIFY_TYPES].join(", ")}`
      )
    if (tx.notify_url === "")
      return refuse(res, "notify_url", "the transaction has no notify_url")
    if (type === "CHARGEBACK")
      return renotifyChargeback(ctx, tx, req.body?.chargeback_reference, res)
    res
      .status(201)
      .json({ notification: notifyOutcome(ctx, tx, type as NotifyType) })
  })

  router.get("/transactions", (req, res) => {
    const merchant = queryText(req.query.merchant_id)
    const list = ctx.store
      .allLedgers()
      .flatMap((l) => [...l.transactions.values()])
      .filter((tx) => !merchant || tx.merchant_id === merchant)
    res.json({ transactions: list.map((tx) => view(ctx, tx)) })
  })

  router.get("/transactions/:id", (req, res) => {
    const tx = ctx.store.findAnywhere(req.params.id)
    if (!tx) return notFound(res, "transaction", req.params.id)
    res.json({ transaction: view(ctx, tx) })
  })

  // the authorisation happened `days` earlier: past its lifetime it lapses when next read
  router.post("/transactions/:transaction_id/age", (req, res) => {
    const days = req.body?.days
    if (!Number.isInteger(days) || days < 1 || days > 3650)
      return refuse(
        res,
        "days",
        "must be a whole number of days from 1 to 3650"
      )
    const tx = ctx.store.findAnywhere(req.params.transaction_id)
    if (!tx) return notFound(res, "transaction", req.params.transaction_id)
    ageTransaction(tx, days)
    res.json({ transaction: view(ctx, tx) })
  })

  router.post("/three-d-secure/:transaction_id", (req, res) => {
    const tx = ctx.store.findAnywhere(req.params.transaction_id)
    if (!tx) return notFound(res, "transaction", req.params.transaction_id)
    const outcome = String(req.body?.outcome ?? "")
    if (outcome !== "pass" && outcome !== "fail")
      return refuse(res, "outcome", "must be pass or fail")
    if (!resolveChallenge(ctx, tx, outcome === "pass"))
      return refuse(
        res,
        "transaction_id",
        "no 3-D Secure challenge is pending",
        409
      )
    res.json({ transaction: view(ctx, tx) })
  })

  // an awaited bank transfer arrives (captured, 1/3000) or never does (0, E0012, 1100); both notified
  for (const [action, settle] of [
    ["receive", receiveTransfer],
    ["lapse", lapseTransfer],
  ] as const) {
    router.post(`/transfers/:transaction_id/${action}`, (req, res) => {
      const tx = ctx.store.findAnywhere(req.params.transaction_id)
      if (!tx) return notFound(res, "transaction", req.params.transaction_id)
      lapseIfDue(ctx, tx)
      if (!settle(ctx, tx))
        return refuse(
          res,
          "transaction_id",
          "no bank transfer is awaited for this transaction",
          409
        )
      res.json({ transaction: view(ctx, tx) })
    })
  }

  // stored cards (token_flag YES), masked; lapsing one makes it E0011
  router.get("/tokens", (req, res) => {
    const merchant = queryText(req.query.merchant_id)
    const account = queryText(req.query.account_id)
    res.json({
      tokens: ctx.store
        .allLedgers()
        .flatMap((l) => l.storedCards.list())
        .filter(
          (t) =>
            (!merchant || t.merchant_id === merchant) &&
            (!account || t.account_id === account)
        ),
    })
  })

  router.post("/tokens/:token_id/lapse", (req, res) => {
    const vault = ctx.store.storedCardsHolding(req.params.token_id)
    if (!vault) return notFound(res, "token", req.params.token_id)
    if (!vault.lapse(req.params.token_id))
      return refuse(res, "token_id", "the token has already lapsed", 409)
    res.json({ token: vault.view(req.params.token_id) })
  })

  router.get("/payouts", (_req, res) => {
    const list = ctx.store.allLedgers().flatMap((l) => [...l.payouts.values()])
    res.json({ payouts: list.map((p) => ctx.payouts.statusFields(p)) })
  })

  router.post("/payouts/:id/resolve", (req, res) => {
    const payout = ctx.store.findPayoutAnywhere(req.params.id)
    if (!payout) return notFound(res, "payout", req.params.id)
    const status = String(req.body?.status ?? "")
    if (status !== "COMPLETED" && status !== "FAILED")
      return refuse(res, "status", "must be COMPLETED or FAILED")
    if (!ctx.payouts.resolve(payout, status))
      return refuse(
        res,
        "status",
        `the payout is already ${payout.status}`,
        409
      )
    res.json({ payout: ctx.payouts.statusFields(payout) })
  })

  router.get("/faults", (_req, res) => res.json({ faults: faults.list() }))
  router.post("/faults", (req, res) => {
    try {
      res.status(201).json({ fault: faults.add(req.body ?? {}) })
    } catch (error) {
      refuse(res, "fault", (error as Error).message)
    }
  })
  router.delete("/faults", (_req, res) => {
    faults.clear()
    res.json({ faults: [] })
  })

  // an acquirer that has not registered the caller's address (query_result 7)
  router.get("/registered-ips", (_req, res) =>
    res.json({ registered_ips: [...ctx.registeredIps] })
  )
  router.put("/registered-ips", (req, res) => {
    const ips = (req.body ?? {}).registered_ips
    if (!Array.isArray(ips) || ips.some((ip) => typeof ip !== "string"))
      return refuse(res, "registered_ips", "must be a list of IP addresses")
    ctx.registeredIps.clear()
    for (const ip of ips as string[]) ctx.registeredIps.add(ip)
    res.json({ registered_ips: [...ctx.registeredIps] })
  })

  router.post("/reset", (_req, res) => {
    deps.reset()
    res.json({ reset: true })
  })

  router.get("/test-cards", (_req, res) => res.json({ test_cards: ctx.cards }))

  return router
}

function view(ctx: SandboxContext, tx: Transaction): Record<string, unknown> {
  lapseIfDue(ctx, tx)
  const { checkout_signature: _signature, ...rest } = tx
  return {
    ...rest,
    lapses_at:
      tx.state === "authorised"
        ? lapseTime(tx, ctx.authorizationLifetimeDays)
        : transferLapseTime(tx, ctx.transferLifetimeDays),
    order_status: orderStatus(tx),
    payment_status: paymentStatus(tx),
    refundable_amount: refundableAmount(tx),
    issuer_url: tx.state === "pending_3ds" ? issuerUrl(ctx, tx) : undefined,
  }
}
