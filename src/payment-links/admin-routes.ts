/**
 * Payment links of an order: POST makes one for what the order still owes
 * (Medusa's order payment collection for that amount, a session of the
 * hosted provider on it, the link's row), GET lists them with what the
 * order owes now and its bank transfers without a payment (one still
 * awaited is on its way, so never owed: no link asks for it; one that
 * ended unpaid says so). The token is answered once, inside the link's URL, to the
 * admin who made it; lists never carry it.
 */
import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { invalidDataBody } from "../input-hardening/index"
import { lockingModule, orderPaymentLockKey } from "../locking/locks"
import { convertDraftOrderWorkflow } from "@medusajs/medusa/core-flows"
import {
  owesSomething,
  readOrderBalance,
  type OrderBalance,
} from "../order-payments/order-balance"
import {
  paymentLinksOfOrder,
  withPaymentsRecorded,
} from "../order-payments/payment-link-store"
import { configuredProviderIds } from "../accounts/provider-entries"
import { coreFor } from "../accounts/registry"
import { PaymentsUnavailableError } from "../accounts/payments-unavailable"
import { paymentLinkView } from "./link-view"
import { makePaymentLink } from "./make-link"
import { OPEN_PAGE_MS, orderName } from "./owed-session"
import {
  awaitedRefusal,
  transfersOfOrder,
} from "../bank-transfers/order-transfers"
import type { CreatePaymentLinkBody } from "./payment-link-validators"

/** How long a link for a card staff take by phone lives. */
export const STAFF_LINK_HOURS = 1

/** GET /admin/acquiring/orders/:id/payment-links: newest first, what the order owes now, and its unpaid transfers. */
export async function listPaymentLinksRoute(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const balance = await readOrderBalance(req.scope, req.params.id)
  const links = await withPaymentsRecorded(
    req.scope,
    await paymentLinksOfOrder(req.scope, balance.order_id)
  )
  const now = new Date()
  res.json({
    payment_links: links.map((link) => paymentLinkView(link, now)),
    outstanding: { amount: balance.owed, currency: balance.currency },
    transfers: await transfersOfOrder(req.scope, balance.order_id),
  })
}

/** POST /admin/acquiring/orders/:id/payment-links (body validated in middlewares.ts): 201 with the link's URL. */
export async function createPaymentLinkRoute(
  req: AuthenticatedMedusaRequest<CreatePaymentLinkBody>,
  res: MedusaResponse
) {
  const providerId = hostedProviderFor(req.scope, req.validatedBody.provider_id)
  if (!providerId) {
    res.status(400).json(
      invalidDataBody([
        {
          field: "provider_id",
          reason: "is not a configured hosted-page provider",
        },
      ])
    )
    return
  }
  const orderId = req.params.id
  // one link made at a time per order: two admins at once would make two collections
  await lockingModule(req.scope).execute(
    orderPaymentLockKey(orderId),
    () => createLink(req, res, orderId, providerId),
    { timeout: 30 }
  )
}

async function createLink(
  req: AuthenticatedMedusaRequest<CreatePaymentLinkBody>,
  res: MedusaResponse,
  orderId: string,
  providerId: string
): Promise<void> {
  const scope = req.scope
  const now = new Date()
  let balance = await readOrderBalance(scope, orderId)
  const fromDraft = balance.draft
  if (fromDraft && !req.validatedBody.convert_draft) {
    res.status(409).json({
      type: "conflict",
      message: `${orderName(balance)} is a draft order. A payment is taken for an order: send convert_draft: true to convert it to an order (as Convert to order does: stock reserved, the order placed) and make its link.`,
    })
    return
  }
  if (!owesSomething(balance.owed)) {
    res.status(409).json({
      type: "conflict",
      message: balance.canceled
        ? `${orderName(balance)} is cancelled: it owes nothing, and a payment link would take money for an order that no longer stands.`
        : balance.waiting_change
          ? `${orderName(balance)} has a change waiting for its confirm, and its payment was captured for it: until the change is confirmed Medusa counts the total before it. Confirm the change first; what the order owes then can be asked by a link.`
          : balance.awaited.length
            ? awaitedRefusal(
                orderName(balance),
                await transfersOfOrder(scope, balance.order_id)
              )
            : `${orderName(balance)} owes nothing: what it costs is paid or authorised. A payment link is for an amount still owed (after an order edit or exchange, or a voided or lapsed payment).`,
    })
    return
  }
  const links = await withPaymentsRecorded(
    scope,
    await paymentLinksOfOrder(scope, balance.order_id),
    now
  )
  const beingPaid = links.find(
    (link) =>
      !link.paid_at &&
      link.used_at &&
      now.getTime() - new Date(link.used_at).getTime() < OPEN_PAGE_MS
  )
  if (beingPaid?.used_at) {
    const retry = new Date(new Date(beingPaid.used_at).getTime() + OPEN_PAGE_MS)
    res.status(409).json({
      type: "conflict",
      message: `A payment link of ${orderName(balance)} was opened at ${new Date(beingPaid.used_at).toISOString()}: the customer may be paying now. Make a new link after ${retry.toISOString()} if it stays unpaid.`,
    })
    return
  }

  let backendUrl: string
  try {
    const core = await coreFor(scope, providerId, {
      currency: balance.currency,
      sales_channel_id: balance.shopper.sales_channel_id,
      region_id: balance.shopper.region_id,
    })
    backendUrl = core.options.backend_url
  } catch (error) {
    if (!(error instanceof PaymentsUnavailableError)) throw error
    // the admin is told the operator's reason, unlike a shopper
    res
      .status(503)
      .json({ type: "payment_unavailable", message: error.message })
    return
  }

  if (fromDraft) {
    const converted = await convertDraft(req, res, balance)
    if (!converted) return
    balance = converted
  }
  const staffEntered = req.validatedBody.staff_entered === true
  const made = await makePaymentLink(
    scope,
    balance,
    {
      provider_id: providerId,
      backend_url: backendUrl,
      // staff open it at once: a link that skips 3-D Secure must not live on
      hours: staffEntered
        ? STAFF_LINK_HOURS
        : req.validatedBody.expires_in_hours,
      created_by: req.auth_context?.actor_id ?? null,
      ...(staffEntered ? { session: { staff_entered: true } } : {}),
    },
    now
  )
  res.status(201).json({ payment_link: made, converted_draft: fromDraft })
}

/**
 * A draft takes money only as an order: with the admin's consent
 * (convert_draft) Medusa's own workflow converts it (stock reserved,
 * order.placed), once the acquirer is known to be reachable, so an
 * authorisation never stands on a draft someone may delete. Answers the
 * order's balance, or null once the refusal is sent.
 */
async function convertDraft(
  req: AuthenticatedMedusaRequest<CreatePaymentLinkBody>,
  res: MedusaResponse,
  draft: OrderBalance
): Promise<OrderBalance | null> {
  try {
    await convertDraftOrderWorkflow(req.scope).run({
      input: { id: draft.order_id },
    })
  } catch (error) {
    res.status(409).json({
      type: "conflict",
      message: `${orderName(draft)} could not be converted to an order: ${(error as Error).message}`,
    })
    return null
  }
  return readOrderBalance(req.scope, draft.order_id)
}

/** The hosted provider asked for, or the first configured; undefined when it is not one. */
function hostedProviderFor(
  scope: MedusaContainer,
  asked: string | undefined
): string | undefined {
  const hosted = configuredProviderIds(
    scope.resolve("configModule"),
    "acquiring-hosted"
  )
  if (asked === undefined) return hosted[0]
  return hosted.includes(asked) ? asked : undefined
}
