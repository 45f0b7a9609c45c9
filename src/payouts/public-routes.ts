import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { receivePayoutNotification } from "./payout-notification"

/**
 * POST /acquiring/notifications/payouts: the notify_url of every payout
 * request. Form fields (or JSON), signed with the payout-response recipe;
 * the signature is checked before anything is read. 200 acknowledges (the
 * acquirer stops retrying); an unknown payout answers 404 and a bad
 * signature 401, so neither is taken as delivered.
 */
export async function payoutNotificationRoute(
  req: MedusaRequest,
  res: MedusaResponse
) {
  const fields =
    req.body && typeof req.body === "object" && !Array.isArray(req.body)
      ? (req.body as Record<string, unknown>)
      : {}
  const { payout, moved } = await receivePayoutNotification(req.scope, fields)
  res.status(200).json({ received: true, status: payout.status, moved })
}
