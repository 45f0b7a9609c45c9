/**
 * GET /store/acquiring/carts/:id/payment-providers
 * The acquiring providers of the cart's region and whether each may serve
 * the cart now, so a checkout hides what would be refused:
 *   { payment_providers: [{ id, available, reason?: { rule, message } }] }
 * `rule` is one of the availability rules (min_amount, max_amount,
 * billing_country, shipping_country) or `payment_unavailable` when a
 * configuration fault refuses every payment of the provider (the operator
 * reads why in the log and in Settings → Acquiring). The verdict is the one
 * session creation gives; the cart may change before then.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { BigNumberInput } from "@medusajs/framework/types"
import { toDecimal } from "../gateway/index"
import { exactAmountOf } from "../money/medusa-amount"
import { isAcquiringProvider } from "../accounts/provider-entries"
import { coreFor } from "../accounts/registry"
import {
  PAYMENTS_UNAVAILABLE_MESSAGE,
  PaymentsUnavailableError,
  reportUnavailable,
} from "../accounts/payments-unavailable"
import { cartAvailability } from "./availability-check"
import type { AvailabilityCart } from "../accounts/availability-rules"
import { ownedCart } from "./cart-owner"

export const CART_FIELDS = [
  "currency_code",
  "sales_channel_id",
  "region_id",
  "total",
  "billing_address.country_code",
  "shipping_address.country_code",
  "region.payment_providers.id",
  "region.payment_providers.is_enabled",
]

type ProviderRow = { id?: string; is_enabled?: boolean } | null
export type CartRow = {
  currency_code?: string
  sales_channel_id?: string | null
  region_id?: string | null
  total?: unknown
  billing_address?: { country_code?: string | null } | null
  shipping_address?: { country_code?: string | null } | null
  region?: { payment_providers?: ProviderRow[] } | null
}

export type ProviderAvailability = {
  id: string
  available: boolean
  reason?: { rule: string; message: string }
}

/** The cart's facts the rules read, from the fields above. */
export function availabilityFacts(cart: CartRow): AvailabilityCart {
  return {
    total: toDecimal(exactAmountOf(cart.total as BigNumberInput), "total"),
    currency: String(cart.currency_code ?? "").toUpperCase(),
    billing_country: cart.billing_address?.country_code ?? null,
    shipping_country: cart.shipping_address?.country_code ?? null,
  }
}

/** Each enabled acquiring provider of the cart's region, with its verdict for the cart. */
export async function providerVerdicts(
  req: MedusaRequest,
  cart: CartRow
): Promise<ProviderAvailability[]> {
  const facts = availabilityFacts(cart)
  const ids = (cart.region?.payment_providers ?? [])
    .filter((p): p is { id: string; is_enabled?: boolean } =>
      isAcquiringProvider(p?.id)
    )
    .filter((p) => p.is_enabled !== false)
    .map((p) => p.id)
    .sort()
  const verdicts: ProviderAvailability[] = []
  const where = {
    sales_channel_id: cart.sales_channel_id,
    region_id: cart.region_id,
  }
  for (const id of ids) verdicts.push(await verdictFor(req, id, facts, where))
  return verdicts
}

/** GET /store/acquiring/carts/:id/payment-providers */
export async function cartPaymentProvidersRoute(
  req: MedusaRequest,
  res: MedusaResponse
) {
  const cart = (await ownedCart(req, req.params.id, CART_FIELDS)) as CartRow
  res.json({ payment_providers: await providerVerdicts(req, cart) })
}

async function verdictFor(
  req: MedusaRequest,
  id: string,
  cart: AvailabilityCart,
  where: Pick<CartRow, "sales_channel_id" | "region_id">
): Promise<ProviderAvailability> {
  let accountId: string | null
  try {
    accountId = (
      await coreFor(req.scope, id, { currency: cart.currency, ...where })
    ).account.id
  } catch (error) {
    if (!(error instanceof PaymentsUnavailableError)) throw error
    reportUnavailable(req.scope.resolve("logger"), error)
    return {
      id,
      available: false,
      reason: {
        rule: "payment_unavailable",
        message: PAYMENTS_UNAVAILABLE_MESSAGE,
      },
    }
  }
  const verdict = await cartAvailability(accountId, id, cart)
  return verdict.available
    ? { id, available: true }
    : {
        id,
        available: false,
        reason: { rule: verdict.rule, message: verdict.message },
      }
}
