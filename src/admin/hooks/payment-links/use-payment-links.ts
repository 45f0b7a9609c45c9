/**
 * An order's payment links (GET /admin/acquiring/orders/:id/payment-links)
 * with what it owes and its bank transfers without a payment, and making a
 * link (POST). Kept under the dashboard's order detail key, so the list
 * refetches when Medusa's own order actions (an edit, a capture) finish
 * and when the order's money changes elsewhere (use-order-money-watch.ts);
 * asked again on every return to the tab; making a link (or being refused
 * one) refreshes Medusa's payment section too.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
import { ACQUIRING_MUTATION } from "../../lib/order-money-watch"
import { orderDetailKey, refreshOrder } from "../payments/query-keys"

export type PaymentLinkStatus = "open" | "expired" | "used" | "paid"

/** A link as lists show it: never its token. */
export interface PaymentLinkSummary {
  id: string
  amount: string
  currency: string
  status: PaymentLinkStatus
  expires_at: string
  used_at: string | null
  paid_at: string | null
  created_at: string
}

/** A bank transfer of the order no payment stands on: still awaited (never owed), or ended without money. */
export interface OrderTransfer {
  payment_session_id: string
  status: "awaited" | "not_received"
  /** in the currency's digits */
  amount: string
  currency: string
  payment_method: string
  /** ISO times: awaited since, and until when the acquirer waits */
  since: string | null
  until: string | null
}

export interface PaymentLinksAnswer {
  payment_links: PaymentLinkSummary[]
  /** what the order still owes, "0.00" when nothing */
  outstanding: { amount: string; currency: string }
  /** a server without it leaves it out */
  transfers?: OrderTransfer[]
}

/** A link just made: the only answer that carries its address. */
export interface CreatedPaymentLink {
  id: string
  url: string
  amount: string
  currency: string
  expires_at: string
}

const linksKey = (orderId: string) =>
  [...orderDetailKey(orderId), { acquiring: "payment-links" }] as const

const linksPath = (orderId: string) =>
  `/admin/acquiring/orders/${orderId}/payment-links`

/** The widget stays on the page while a refusal to make a link is shown (useMutationState). */
export const createLinkKey = (orderId: string) =>
  [ACQUIRING_MUTATION, "create-payment-link", orderId] as const

export function usePaymentLinks(orderId: string) {
  return useQuery({
    queryKey: linksKey(orderId),
    queryFn: () => sdk.client.fetch<PaymentLinksAnswer>(linksPath(orderId)),
    refetchOnWindowFocus: "always",
  })
}

export function useCreatePaymentLink(orderId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: createLinkKey(orderId),
    mutationFn: async (
      body: {
        expires_in_hours?: number
        staff_entered?: boolean
        convert_draft?: boolean
      } = {}
    ) =>
      (
        await sdk.client.fetch<{ payment_link: CreatedPaymentLink }>(
          linksPath(orderId),
          { method: "POST", body }
        )
      ).payment_link,
    // a refusal (the order owes nothing now) means the page was stale too
    onSettled: () => refreshOrder(queryClient, orderId),
  })
}
