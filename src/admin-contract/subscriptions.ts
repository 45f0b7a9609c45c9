/** Subscriptions as the admin and the customer read them, and the admin list's query. */
import { z } from "zod"
import { pageNumber } from "./list-query"

export const SubscriptionListQuery = z
  .object({
    limit: pageNumber("limit", 200, 50),
    offset: pageNumber("offset", 100_000, 0),
  })
  .strict()

export type SubscriptionListQueryType = z.infer<typeof SubscriptionListQuery>

export type SubscriptionStatus = "active" | "cancelling" | "cancelled" | "ended"

export interface OrderRef {
  id: string
  display_id: number | null
}

export interface SubscriptionView {
  /** the acquirer's recurring id: what the routes name a subscription by */
  id: string
  contract_name: string | null
  contract: string | null
  /** what each deduction charges, decimal string */
  amount: string | null
  currency: string | null
  interval: string | null
  interval_count: string | null
  /** deductions at most (0: until cancelled) */
  billing_cycle: number | null
  status: SubscriptionStatus
  /** the acquirer's local time `YYYY-MM-DD HH:MM:SS`; null once it stopped */
  next_deduction_at: string | null
  first_order: OrderRef
  started_at: string | null
  renewals: (OrderRef & {
    deduction_number: number
    amount: string
    currency: string
  })[]
  failed_tries: number
  last_decline: {
    deduction_number: number
    reason: "declined" | "card_lapsed" | "ended"
  } | null
}

export interface AdminSubscriptionView extends SubscriptionView {
  payment_id: string
  provider_id: string
  last_decline:
    (SubscriptionView["last_decline"] & { code: string | null }) | null
}

export type SubscriptionListAnswer = {
  subscriptions: AdminSubscriptionView[]
  count: number
  limit: number
  offset: number
}
