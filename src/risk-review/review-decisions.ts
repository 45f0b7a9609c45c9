/**
 * Risk-review decisions on the order's record: each release or reject is an
 * order change (`update_order`, confirmed, `created_by` the admin user), the
 * entity Medusa keeps as an order's activity, so the decision and who made
 * it stay with the order whatever reads it later.
 */
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type {
  IOrderModuleService,
  IUserModuleService,
  MedusaContainer,
} from "@medusajs/framework/types"

export const REVIEW_CHANGE_TYPE = "acquiring_review"

export interface ReviewDecisionRecord {
  decision: "release" | "reject"
  by: string | null
  by_email: string | null
  at: string
}

export async function orderIdOfPayment(
  container: MedusaContainer,
  paymentId: string
): Promise<string | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment",
    fields: ["id", "payment_collection.order.id"],
    filters: { id: paymentId },
  })
  const payment = data[0] as
    | { payment_collection?: { order?: { id?: string } | null } | null }
    | undefined
  return payment?.payment_collection?.order?.id ?? null
}

async function emailOf(
  container: MedusaContainer,
  userId: string | null
): Promise<string | null> {
  if (!userId) return null
  try {
    const users = container.resolve<IUserModuleService>(Modules.USER)
    const [user] = await users.listUsers({ id: userId }, { select: ["email"] })
    return user?.email ?? null
  } catch {
    return null
  }
}

export async function recordReviewDecision(
  container: MedusaContainer,
  input: {
    payment_id: string
    decision: "release" | "reject"
    actor_id: string | null
  }
): Promise<ReviewDecisionRecord | null> {
  const orderId = await orderIdOfPayment(container, input.payment_id)
  if (!orderId) return null
  const email = await emailOf(container, input.actor_id)
  const who = email ?? input.actor_id ?? "an unknown user"
  const sentence =
    input.decision === "release"
      ? `Payment released from risk review by ${who}`
      : `Payment rejected in risk review by ${who} (voided by the acquirer)`
  const orders = container.resolve<IOrderModuleService>(Modules.ORDER)
  const registered: unknown = await orders.registerOrderChange({
    order_id: orderId,
    change_type: "update_order",
    description: sentence,
    internal_note: sentence,
    ...(input.actor_id
      ? { created_by: input.actor_id, confirmed_by: input.actor_id }
      : {}),
    details: {
      type: REVIEW_CHANGE_TYPE,
      payment_id: input.payment_id,
      decision: input.decision,
    },
  })
  const change = (Array.isArray(registered) ? registered[0] : registered) as
    { created_at?: string | Date } | undefined
  return {
    decision: input.decision,
    by: input.actor_id,
    by_email: email,
    at: new Date(change?.created_at ?? Date.now()).toISOString(),
  }
}

/** The latest decision recorded for a payment, from the order's changes. */
export async function latestReviewDecision(
  container: MedusaContainer,
  orderId: string,
  paymentId: string
): Promise<ReviewDecisionRecord | null> {
  const orders = container.resolve<IOrderModuleService>(Modules.ORDER)
  // the filter type omits change_type although the module filters by it
  const changes = await orders.listOrderChanges(
    { order_id: orderId, change_type: "update_order" } as Parameters<
      IOrderModuleService["listOrderChanges"]
    >[0],
    { relations: ["actions"], order: { created_at: "DESC" }, take: 50 }
  )
  for (const change of changes) {
    const details = change.actions?.[0]?.details as
      { type?: string; payment_id?: string; decision?: string } | undefined
    if (
      details?.type !== REVIEW_CHANGE_TYPE ||
      details.payment_id !== paymentId ||
      (details.decision !== "release" && details.decision !== "reject")
    )
      continue
    const by = (change as { created_by?: string | null }).created_by ?? null
    return {
      decision: details.decision,
      by,
      by_email: await emailOf(container, by),
      at: new Date(change.created_at).toISOString(),
    }
  }
  return null
}
