/**
 * The payment methods a cart's checkout offers (a card, a wallet, a bank
 * transfer, …), in the order to show them: the acquirer's recommendation
 * with the merchant's hidden and ordered methods applied, each with the
 * provider that takes it. A method of the card provider is paid in the
 * store's card form; any method of the hosted provider on the acquirer's
 * page, which opens directly on it.
 */
import { errorFromAnswer } from "./request-error.js"
import type { StoreTransport } from "./transport.js"

/** The codes the kit has texts for; the acquirer may offer others, shown by their `display_name`. */
export const KNOWN_PAYMENT_METHODS = [
  "CARD",
  "WALLET",
  "BANK_TRANSFER",
] as const

export type KnownPaymentMethod = (typeof KNOWN_PAYMENT_METHODS)[number]

export type PaymentMethod = {
  /** `CARD`, `WALLET`, `BANK_TRANSFER` or another code of the acquirer's. */
  code: string
  /** The acquirer's name for it, for the shopper: the method's label. */
  display_name: string
  /** The acquirer's rank (1 first); the list is already in the order to show. */
  rank: number
  /** The provider whose session pays with it, e.g. "pp_acquiring-hosted_acquiring". */
  provider_id: string
}

export type CartPaymentMethods = {
  /** In the order to show them. */
  payment_methods: PaymentMethod[]
  /**
   * `acquirer`: the acquirer's recommendation. `cards`: it did not answer in
   * time (or not usably), so only cards are offered.
   */
  source: "acquirer" | "cards"
  /**
   * The acquirer was still being asked when the store's time for the list
   * ran out: cards are offered now, and asking again shortly gets the
   * acquirer's list (`watchPaymentMethods` does).
   */
  pending: boolean
}

/** Copies the known keys only, so nothing else the answer carries is kept. */
function toMethod(raw: any): PaymentMethod | undefined {
  const code = typeof raw?.code === "string" ? raw.code : ""
  const provider = typeof raw?.provider_id === "string" ? raw.provider_id : ""
  // a method without a code or a provider cannot be paid with
  if (!code || !provider) return undefined
  const rank = Number(raw.rank)
  return {
    code,
    display_name:
      typeof raw.display_name === "string" && raw.display_name
        ? raw.display_name
        : code,
    rank: Number.isFinite(rank) ? rank : 0,
    provider_id: provider,
  }
}

/**
 * GET /store/acquiring/carts/:id/payment-methods: the methods to offer for
 * the cart, in the order to show them. Ask again when the cart's total
 * changes (some methods have a minimum, e.g. a bank transfer). A refusal
 * (a cart that is not the caller's answers 404) throws
 * `AcquiringRequestError`.
 */
export async function listPaymentMethods(
  store: StoreTransport,
  cartId: string
): Promise<CartPaymentMethods> {
  const answer = await store(
    "GET",
    `/store/acquiring/carts/${encodeURIComponent(cartId)}/payment-methods`
  )
  if (answer.status !== 200 || !Array.isArray(answer.body?.payment_methods))
    throw errorFromAnswer(answer)
  return {
    payment_methods: answer.body.payment_methods.flatMap((raw: unknown) => {
      const method = toMethod(raw)
      return method ? [method] : []
    }),
    source: answer.body.source === "acquirer" ? "acquirer" : "cards",
    pending: answer.body.pending === true,
  }
}

export type WatchPaymentMethodsOptions = {
  /** Stops the watch: nothing more is asked, `onMethods` is not called again. */
  signal?: AbortSignal
  /** How long to wait before asking again while the list is `pending`; 1000 ms by default. */
  retryAfterMs?: number
  /** How many times to ask again at most; 5 by default. */
  retries?: number
}

/**
 * `listPaymentMethods`, and again while its answer is `pending`: `onMethods`
 * gets the cards offered at once, then the acquirer's list when it is in.
 * Resolves once a list is final, the retries are spent, or `signal` aborts.
 * Only the first listing's refusal throws; a later one leaves the list
 * shown as it is.
 */
export async function watchPaymentMethods(
  store: StoreTransport,
  cartId: string,
  onMethods: (methods: CartPaymentMethods) => void,
  options: WatchPaymentMethodsOptions = {}
): Promise<void> {
  const { signal, retryAfterMs = 1000, retries = 5 } = options
  let listed = await listPaymentMethods(store, cartId)
  for (let asked = 0; ; asked++) {
    if (signal?.aborted) return
    onMethods(listed)
    if (!listed.pending || asked >= retries) return
    if (!(await pause(retryAfterMs, signal))) return
    try {
      listed = await listPaymentMethods(store, cartId)
    } catch {
      return
    }
  }
}

/** Waits `ms`; false when `signal` aborted meanwhile. */
function pause(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false)
    const aborted = () => {
      clearTimeout(timer)
      resolve(false)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", aborted)
      resolve(true)
    }, ms)
    signal?.addEventListener("abort", aborted, { once: true })
  })
}

/** Whether the provider is a hosted provider of the plugin (`pp_acquiring-hosted_…`, any registration id): its methods are paid on the acquirer's page. */
export function isHostedProvider(providerId: string): boolean {
  return providerId.startsWith("pp_acquiring-hosted_")
}

/** Whether the shopper pays with `method` on the acquirer's hosted page (else in the store's card form). */
export function paysOnHostedPage(method: Pick<PaymentMethod, "provider_id">) {
  return isHostedProvider(method.provider_id)
}

/** Whether `code` is one the kit has a hint for. */
export function isKnownPaymentMethod(code: string): code is KnownPaymentMethod {
  return (KNOWN_PAYMENT_METHODS as readonly string[]).includes(code)
}
