/** The order page's question "has anything of this order's money changed?" (order-money-version.ts). */
import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { orderMoneyVersion } from "./order-money-version"

/** GET /admin/acquiring/orders/:id/money-version: `{ version }`, a fingerprint that changes whenever the page's money would. */
export async function moneyVersionRoute(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const version = await orderMoneyVersion(req.scope, req.params.id)
  // asked every few seconds: never from a cache
  res.setHeader("Cache-Control", "no-store")
  res.json({ version })
}
