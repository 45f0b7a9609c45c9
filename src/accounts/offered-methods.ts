/**
 * Which payment methods the acquirer offers an account, for the account
 * form's method codes: a code the acquirer has never offered is flagged
 * before it is saved. The source is the acquirer itself, asked now with the
 * account's saved settings as Test connection asks: optimise (which moves no
 * money) for each currency the account serves, at a small and a large
 * amount, since an acquirer may offer a method only from some amount (the
 * sandbox's bank transfer from 100). Codes the plugin saw in past checkouts
 * would say nothing on a new store, and the acquirer may have changed since.
 */
import { randomUUID } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  formatAmount,
  GatewayRefusedError,
  SignatureMismatchError,
  TransportError,
} from "../gateway/index"
import type { OfferedMethodsAnswer } from "../admin-contract/settings"
import type { AcquiringOptions } from "./options"
import { gatewayFor } from "./gateway-port"

/** At most this long: the merchant is waiting on the drawer. */
const ASK_TIMEOUT_MS = 10_000
/** A small and a large order, in major units of each currency. */
const AMOUNTS = [10, 10_000]
/** The currencies asked about, at most: each is two requests. */
export const MAX_CURRENCIES = 5
/** optimise names a shopper; this one is nobody's. */
const SHOPPER_EMAIL = "payment-methods-check@example.com"

/** The currencies of the store's regions: where an account serving every currency takes payments. */
export async function storeCurrencies(
  scope: Pick<MedusaContainer, "resolve">
): Promise<string[]> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "region",
    fields: ["currency_code"],
  })
  return [
    ...new Set(
      (data as { currency_code?: string | null }[]).flatMap((region) =>
        region.currency_code ? [region.currency_code] : []
      )
    ),
  ].sort()
}

function reasonOf(error: unknown): string {
  if (error instanceof GatewayRefusedError)
    return `the acquirer refused optimise (${error.code}${error.text ? `: ${error.text}` : ""})`
  if (error instanceof SignatureMismatchError)
    return "the acquirer's answer does not verify with this sign key"
  if (error instanceof TransportError)
    return "the acquirer could not be reached"
  return "the acquirer's answer could not be read"
}

export async function offeredMethods(
  options: AcquiringOptions,
  currencies: readonly string[]
): Promise<OfferedMethodsAnswer> {
  const gateway = gatewayFor({
    ...options,
    timeout_ms: Math.min(options.timeout_ms, ASK_TIMEOUT_MS),
    lookup_retries: 0,
  })
  const asked = currencies
    .slice(0, MAX_CURRENCIES)
    .map((currency) => currency.toUpperCase())
    .flatMap((currency) =>
      AMOUNTS.map((major) => ({
        currency,
        amount: formatAmount(major, currency),
      }))
    )
  if (!asked.length)
    return {
      outcome: "not_asked",
      message:
        "no currency to ask about: add a region or the account's currencies",
    }
  const answers = await Promise.allSettled(
    asked.map((order) =>
      gateway.optimize({
        request_id: randomUUID(),
        ...order,
        shopper_email: SHOPPER_EMAIL,
      })
    )
  )
  const codes = new Set<string>()
  let failure: unknown
  for (const answer of answers) {
    if (answer.status === "rejected") {
      failure ??= answer.reason
      continue
    }
    for (const method of answer.value.payment_methods)
      if (method.payment_method.trim())
        codes.add(method.payment_method.trim().toUpperCase())
  }
  if (!codes.size && failure !== undefined)
    return { outcome: "not_asked", message: reasonOf(failure) }
  return { outcome: "answered", codes: [...codes], asked }
}
