/**
 * Admins' actions on acquiring payments enter the payment's history once
 * answered: who asked, for what, and the answer's status. The money itself
 * is in the journal; this says who moved it.
 */
import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
  MiddlewareRoute,
} from "@medusajs/framework/http"
import { isAcquiringProvider } from "../accounts/provider-entries"
import { loggerOf, paymentModule } from "../order-payments/payment-store"
import { recordPaymentEvent } from "../journal/record-event"
import { readSession } from "../payment-sessions/session-store"
import { withCurrencyDigits } from "../admin-contract/amount-text"
import { adminActionSummary, adminNames } from "./admin-people"

const ACTIONS: { matcher: string; operation: string }[] = [
  { matcher: "/admin/payments/:id/capture", operation: "capture" },
  { matcher: "/admin/payments/:id/refund", operation: "refund" },
  { matcher: "/admin/acquiring/payments/:id/review", operation: "review" },
  { matcher: "/admin/acquiring/payments/:id/sync", operation: "sync" },
  {
    matcher: "/admin/acquiring/payments/:id/reauthorise",
    operation: "reauthorise",
  },
  {
    matcher: "/admin/acquiring/payments/:id/cancel-subscription",
    operation: "cancel_subscription",
  },
]

function amountOf(body: unknown): string | null {
  const amount = (body as { amount?: unknown } | undefined)?.amount
  return typeof amount === "number" || typeof amount === "string"
    ? String(amount).slice(0, 30)
    : null
}

function noteAction(operation: string) {
  return (
    req: MedusaRequest,
    res: MedusaResponse,
    next: MedusaNextFunction
  ) => {
    const paymentId = req.params.id
    const actor =
      (req as { auth_context?: { actor_id?: string } }).auth_context
        ?.actor_id ?? null
    const asked = amountOf(req.body)
    // the timeline reads the request before what it caused
    const at = new Date()
    res.on("finish", () => {
      void (async () => {
        const payment = await paymentModule(req.scope)
          .retrievePayment(paymentId, {
            select: ["id", "provider_id", "currency_code", "data"],
          })
          .catch(() => null)
        if (!payment || !isAcquiringProvider(payment.provider_id)) return
        // found by the history search as the payment's other entries are
        const state = await readSession(payment.data).catch(() => null)
        const accepted = res.statusCode < 300
        const currency = payment.currency_code?.toUpperCase() ?? null
        const amount =
          asked && currency ? withCurrencyDigits(asked, currency) : asked
        const names = await adminNames(req.scope, [actor])
        await recordPaymentEvent(
          {
            kind: "admin",
            outcome: accepted ? "answered" : "refused",
            operation,
            summary: adminActionSummary({
              who: (actor && names.get(actor)) || "An admin user",
              operation,
              amount,
              currency,
              status: res.statusCode,
            }),
            payment_id: paymentId,
            order_no: state?.order_no ?? null,
            transaction_id: state?.transaction_id ?? null,
            session_id: state?.session_id ?? null,
            amount,
            currency,
            actor,
            at,
          },
          (message) => loggerOf(req.scope).warn(message)
        )
      })()
    })
    next()
  }
}

export const adminActionRoutes: MiddlewareRoute[] = ACTIONS.map(
  ({ matcher, operation }) => ({
    methods: ["POST"],
    matcher,
    middlewares: [noteAction(operation)],
  })
)
