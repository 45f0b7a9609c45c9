/**
 * Safety net for lost notifications: payment sessions of the acquiring
 * providers still pending (or awaiting 3-D Secure) some minutes after they
 * were last touched are confirmed with the status query. Authorised and
 * captured ones go through Medusa's own processPaymentWorkflow (which
 * completes the cart, as a notification would); failed and canceled ones
 * are recorded like a failure notification.
 */
import { Modules } from "@medusajs/framework/utils"
import type {
  IPaymentModuleService,
  MedusaContainer,
  PaymentSessionDTO,
} from "@medusajs/framework/types"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { confirmWithQuery } from "../providers/acquiring/confirmation"
import {
  coreFor,
  isAcquiringProvider,
} from "../providers/acquiring/route-context"
import { keepStoredKeys } from "../providers/acquiring/session-data"
import { recordAcquiringOutcomeWorkflow } from "../workflows/record-acquiring-outcome"

const QUIET_MINUTES = 10
const OLDEST_DAYS = 2
const PAGE = 100
// bounds one run; what is left waits for the next run, oldest first
const MAX_PAGES = 20

export default async function reconcileAcquiringSessions(
  container: MedusaContainer
) {
  const paymentModule = container.resolve<IPaymentModuleService>(
    Modules.PAYMENT
  )
  const now = Date.now()
  const filters = {
    // only this plugin's sessions, so other providers' pending sessions never crowd them out
    provider_id: { $like: "pp_acquiring-%" },
    status: ["pending", "requires_more"],
    updated_at: {
      $lt: new Date(now - QUIET_MINUTES * 60_000),
      $gt: new Date(now - OLDEST_DAYS * 86_400_000),
    },
  }
  // read every page before acting: a reconciled session leaves the filter and would shift later pages
  const due: PaymentSessionDTO[] = []
  for (let page = 0; page < MAX_PAGES; page++) {
    const sessions: PaymentSessionDTO[] =
      await paymentModule.listPaymentSessions(
        filters as never,
        {
          select: ["id", "provider_id", "data", "status"],
          order: { updated_at: "ASC", id: "ASC" },
          skip: page * PAGE,
          take: PAGE,
        } as never
      )
    due.push(
      ...sessions.filter((session) => isAcquiringProvider(session.provider_id))
    )
    if (sessions.length < PAGE) break
  }
  for (const session of due) {
    try {
      await reconcile(container, session)
    } catch (error) {
      const logger = container.resolve<{ warn(message: string): void }>(
        "logger"
      )
      logger.warn(
        `[acquiring] reconciling ${session.id} failed: ${error instanceof Error ? error.message : "unknown error"}`
      )
    }
  }
}

async function reconcile(
  container: MedusaContainer,
  session: PaymentSessionDTO
): Promise<void> {
  const stored = keepStoredKeys(session.data)
  if (!stored.order_no) return
  // a card session without a transaction never reached the acquirer
  if (
    session.provider_id.includes("acquiring-card") &&
    !stored.transaction_id &&
    stored.status !== "requires_more"
  )
    return
  const ctx = coreFor(container, session.provider_id)
  const { data, answer } = await confirmWithQuery(ctx, stored)
  if (answer.kind !== "found") return
  if (data.status === "authorized" || data.status === "captured") {
    await processPaymentWorkflow(container).run({
      input: {
        action: data.status,
        data: { session_id: session.id, amount: data.amount ?? "0" },
      },
      throwOnError: false,
    })
  } else if (data.status === "error" || data.status === "canceled") {
    await recordAcquiringOutcomeWorkflow(container).run({
      input: {
        session_id: session.id,
        order_no: stored.order_no,
        action: data.status === "error" ? "failed" : "canceled",
      },
    })
  }
}

export const config = {
  name: "reconcile-acquiring-sessions",
  schedule: "*/15 * * * *",
}
