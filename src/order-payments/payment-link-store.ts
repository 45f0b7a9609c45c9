/**
 * The payment links of the plugin's module as the routes read and move them.
 * Opening a link is one conditional UPDATE (`used_at` set only where it is
 * still null, the link unpaid and unexpired), so two clicks at once, on one
 * instance or two, open one page: the other finds nothing to claim.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type AcquiringModuleService from "../modules/acquiring/service"
import type { AcquiringPaymentLinkRow } from "../modules/acquiring/types"
import { paymentModule } from "./payment-store"

export type PaymentLinkRow = AcquiringPaymentLinkRow

export type NewPaymentLink = Pick<
  PaymentLinkRow,
  | "order_id"
  | "payment_collection_id"
  | "payment_session_id"
  | "amount"
  | "currency"
  | "token_hash"
  | "expires_at"
  | "created_by"
>

/** The few statements the claims need, on the database the module writes to. */
interface SqlConnection {
  raw(sql: string, bindings: unknown[]): PromiseLike<{ rows: { id: string }[] }>
}

function links(container: MedusaContainer): AcquiringModuleService {
  return container.resolve<AcquiringModuleService>("acquiring")
}

function sql(container: MedusaContainer): SqlConnection {
  return container.resolve<SqlConnection>(
    ContainerRegistrationKeys.PG_CONNECTION
  )
}

export async function insertPaymentLink(
  container: MedusaContainer,
  link: NewPaymentLink
): Promise<PaymentLinkRow> {
  return links(container).createAcquiringPaymentLinks(link)
}

/** The order's links, newest first. */
export async function paymentLinksOfOrder(
  container: MedusaContainer,
  orderId: string
): Promise<PaymentLinkRow[]> {
  return links(container).listAcquiringPaymentLinks(
    { order_id: orderId },
    { order: { created_at: "DESC" }, take: 50 }
  )
}

/** The link a payment session was made for, when it was made for one. */
export async function paymentLinkOfSession(
  container: MedusaContainer,
  sessionId: string
): Promise<PaymentLinkRow | undefined> {
  const [link] = await links(container).listAcquiringPaymentLinks(
    { payment_session_id: sessionId },
    { take: 1 }
  )
  return link
}

export async function paymentLinkByTokenHash(
  container: MedusaContainer,
  tokenHash: string
): Promise<PaymentLinkRow | undefined> {
  const [link] = await links(container).listAcquiringPaymentLinks(
    { token_hash: tokenHash },
    { take: 1 }
  )
  return link
}

/** Marks the link opened if nobody did first: true when this call opened it. */
export async function claimPaymentLink(
  container: MedusaContainer,
  id: string,
  now: Date
): Promise<boolean> {
  const { rows } = await sql(container).raw(
    `update "acquiring_payment_link" set "used_at" = ?, "updated_at" = now() where "id" = ? and "used_at" is null and "paid_at" is null and "expires_at" > ? and "deleted_at" is null returning "id"`,
    [now, id, now]
  )
  return rows.length > 0
}

/** Gives a claim back when the page could not be opened, so the customer can try the link again. */
export async function releasePaymentLink(
  container: MedusaContainer,
  id: string,
  claimedAt: Date
): Promise<void> {
  await sql(container).raw(
    `update "acquiring_payment_link" set "used_at" = null, "updated_at" = now() where "id" = ? and "used_at" = ? and "paid_at" is null`,
    [id, claimedAt]
  )
}

/** Records when the links' payments went through (first time only). */
export async function markPaymentLinksPaid(
  container: MedusaContainer,
  ids: string[],
  paidAt: Date
): Promise<void> {
  if (!ids.length) return
  await sql(container).raw(
    `update "acquiring_payment_link" set "paid_at" = ?, "updated_at" = now() where "id" in (${ids.map(() => "?").join(", ")}) and "paid_at" is null`,
    [paidAt, ...ids]
  )
}

/**
 * Ends the links not yet opened of a payment collection: a new link's
 * session replaces theirs (Medusa keeps one session per collection).
 */
export async function endUnopenedLinks(
  container: MedusaContainer,
  paymentCollectionId: string,
  now: Date
): Promise<void> {
  await sql(container).raw(
    `update "acquiring_payment_link" set "expires_at" = ?, "updated_at" = now() where "payment_collection_id" = ? and "used_at" is null and "paid_at" is null and "expires_at" > ? and "deleted_at" is null`,
    [now, paymentCollectionId, now]
  )
}

/**
 * The links as they stand, with `paid_at` recorded for those whose session
 * Medusa has since authorised (the notification or the shopper's return,
 * through Medusa's payment workflows).
 */
export async function withPaymentsRecorded(
  container: MedusaContainer,
  rows: PaymentLinkRow[],
  now = new Date()
): Promise<PaymentLinkRow[]> {
  const unpaid = rows.filter((link) => !link.paid_at)
  if (!unpaid.length) return rows
  const sessions = await paymentModule(container).listPaymentSessions(
    { id: unpaid.map((link) => link.payment_session_id) },
    { select: ["id", "status", "authorized_at"] }
  )
  const paid = new Map(
    sessions
      .filter((s) => s.status === "authorized" || s.status === "captured")
      .map((s) => [s.id, s.authorized_at ? new Date(s.authorized_at) : now])
  )
  const settled = unpaid.filter((link) => paid.has(link.payment_session_id))
  await Promise.all(
    settled.map((link) =>
      markPaymentLinksPaid(
        container,
        [link.id],
        paid.get(link.payment_session_id)!
      )
    )
  )
  return rows.map((link) =>
    paid.has(link.payment_session_id) && !link.paid_at
      ? { ...link, paid_at: paid.get(link.payment_session_id)! }
      : link
  )
}
